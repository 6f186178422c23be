-- Single characters and character pairs of a text (spaces skipped): the keys of the index that
-- serves one- and two-character searches in Chinese, Japanese, Korean and Thai titles.
CREATE OR REPLACE FUNCTION catalog_grams(t text) RETURNS text[] LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  grams text[] := '{}';
  n int := char_length(t);
BEGIN
  FOR i IN 1..n LOOP
    CONTINUE WHEN substr(t, i, 1) = ' ';
    grams := grams || substr(t, i, 1);
    IF i < n AND substr(t, i + 1, 1) <> ' ' THEN
      grams := grams || substr(t, i, 2);
    END IF;
  END LOOP;
  RETURN grams;
END $$;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "cjk_text" text GENERATED ALWAYS AS (lower(coalesce(translations->'zh-CN'->>'title', '') || ' ' || coalesce(translations->'ja-JP'->>'title', '') || ' ' || coalesce(translations->'ko-KR'->>'title', '') || ' ' || coalesce(translations->'th-TH'->>'title', ''))) STORED;--> statement-breakpoint
CREATE INDEX "products_cjk_grams" ON "products" USING gin (catalog_grams("cjk_text"));