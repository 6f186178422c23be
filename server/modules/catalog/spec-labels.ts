import type { Lang } from '../../../common/languages';
import type { ProductSpec, SpecGroup } from '../../../common/schemas/catalog';

/**
 * Names of spec dimensions and of their values in the eight languages. Specs are stored as keys
 * ({ colour: "red", size: "M" }) so one row serves every language; a key without a name here is
 * shown as it is (sizes such as "M" or "128GB" read the same everywhere).
 */
type Names = Record<Lang, string>;

const n = (
  en: string,
  zh: string,
  ja: string,
  ko: string,
  th: string,
  de: string,
  ru: string,
  tr: string,
): Names => ({
  'en-US': en,
  'zh-CN': zh,
  'ja-JP': ja,
  'ko-KR': ko,
  'th-TH': th,
  'de-DE': de,
  'ru-RU': ru,
  'tr-TR': tr,
});

export const SPEC_GROUP_NAMES: Record<string, Names> = {
  colour: n('Colour', '颜色', 'カラー', '색상', 'สี', 'Farbe', 'Цвет', 'Renk'),
  size: n('Size', '尺码', 'サイズ', '사이즈', 'ขนาด', 'Größe', 'Размер', 'Beden'),
  storage: n('Storage', '存储容量', 'ストレージ', '저장 용량', 'ความจุ', 'Speicher', 'Память', 'Depolama'),
};

export const SPEC_VALUE_NAMES: Record<string, Names> = {
  black: n('Black', '黑色', 'ブラック', '블랙', 'สีดำ', 'Schwarz', 'Чёрный', 'Siyah'),
  white: n('White', '白色', 'ホワイト', '화이트', 'สีขาว', 'Weiß', 'Белый', 'Beyaz'),
  red: n('Red', '红色', 'レッド', '레드', 'สีแดง', 'Rot', 'Красный', 'Kırmızı'),
  blue: n('Blue', '蓝色', 'ブルー', '블루', 'สีน้ำเงิน', 'Blau', 'Синий', 'Mavi'),
  green: n('Green', '绿色', 'グリーン', '그린', 'สีเขียว', 'Grün', 'Зелёный', 'Yeşil'),
  grey: n('Grey', '灰色', 'グレー', '그레이', 'สีเทา', 'Grau', 'Серый', 'Gri'),
  pink: n('Pink', '粉色', 'ピンク', '핑크', 'สีชมพู', 'Rosa', 'Розовый', 'Pembe'),
  yellow: n('Yellow', '黄色', 'イエロー', '옐로', 'สีเหลือง', 'Gelb', 'Жёлтый', 'Sarı'),
};

const groupName = (key: string, lang: Lang) => SPEC_GROUP_NAMES[key]?.[lang] ?? key;

/** Dimensions in a fixed order (jsonb keeps no key order): known ones first, then by name. */
const KNOWN = Object.keys(SPEC_GROUP_NAMES);
const rank = (key: string) => (KNOWN.includes(key) ? KNOWN.indexOf(key) : KNOWN.length);
const orderedEntries = (options: Record<string, string>) =>
  Object.entries(options).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
const valueName = (value: string, lang: Lang) => SPEC_VALUE_NAMES[value]?.[lang] ?? value;

/** "Red / M" */
export function specLabel(options: Record<string, string>, lang: Lang): string {
  return orderedEntries(options)
    .map(([, v]) => valueName(v, lang))
    .join(' / ');
}

/** The picker's dimensions, in the order the specs first use them. */
export function specGroups(specs: Pick<ProductSpec, 'options'>[], lang: Lang): SpecGroup[] {
  const groups = new Map<string, SpecGroup>();
  for (const spec of specs) {
    for (const [key, value] of orderedEntries(spec.options)) {
      let group = groups.get(key);
      if (!group) {
        group = { key, name: groupName(key, lang), values: [] };
        groups.set(key, group);
      }
      if (!group.values.some((v) => v.value === value)) {
        group.values.push({ value, label: valueName(value, lang) });
      }
    }
  }
  return [...groups.values()];
}
