-- A checkout's stock, taken in the statement that makes its orders: every line's units with
-- conditional updates (never below zero), the spec's stock (when the line has one) and then the
-- product's total, one line after another in one fixed order (product, then spec) so that racing
-- checkouts never deadlock. Answers null when every line was taken, or the first line short of
-- units with what is left of it; the caller then rolls the whole checkout back.
CREATE OR REPLACE FUNCTION take_stock(lines jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  line record;
  left_units int;
BEGIN
  FOR line IN
    SELECT (x->>'product_id')::bigint AS product_id, (x->>'spec_id')::bigint AS spec_id, (x->>'num')::int AS num
    FROM jsonb_array_elements(lines) AS x ORDER BY 1, 2
  LOOP
    IF line.spec_id <> 0 THEN
      UPDATE product_specs SET stock = stock - line.num
      WHERE id = line.spec_id AND product_id = line.product_id AND stock >= line.num;
      IF NOT FOUND THEN
        SELECT stock INTO left_units FROM product_specs WHERE id = line.spec_id;
        RETURN jsonb_build_object('product_id', line.product_id, 'spec_id', line.spec_id, 'left', coalesce(left_units, 0));
      END IF;
    END IF;
    UPDATE products SET stock = stock - line.num WHERE id = line.product_id AND stock >= line.num;
    IF NOT FOUND THEN
      -- A spec taken without its product's total would leave the two apart.
      IF line.spec_id <> 0 THEN
        RAISE EXCEPTION 'product % total below its spec', line.product_id;
      END IF;
      SELECT stock INTO left_units FROM products WHERE id = line.product_id;
      RETURN jsonb_build_object('product_id', line.product_id, 'spec_id', 0, 'left', coalesce(left_units, 0));
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
