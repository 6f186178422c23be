import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LANGS } from '../../common/languages';
import { MAX_ADDRESSES } from '../../common/address';
import type { AddressItem, AreaItem } from '../../common/schemas/address';
import { addresses } from '../../server/db/schema';
import { translate } from '../../server/lib/i18n';
import { COUNTRY_CODES, hasRegionList, regionList } from '../../server/modules/address/areas';
import { expectRefused as refused } from '../support/refusal';
import { useTestApp } from '../support/use-app';

/** Shipping addresses (/api/user/address_*) and the country and region lists (/api/user/area). */
const t = useTestApp();

let shopperNo = 0;
const shopper = () => t.register(`addr_shopper_${++shopperNo}`);

type Call<T> = Promise<{ status: number; code: number; msg: string; data: T; error?: string }>;
const save = (token: string, body: Record<string, unknown>, lang?: string) =>
  t.endpoint<AddressItem>('address.save', { token, body, lang }) as Call<AddressItem>;
const list = (token: string, lang?: string) =>
  t.endpoint<AddressItem[]>('address.list', { token, lang }) as Call<AddressItem[]>;
const getOne = (token: string, id: number | string) =>
  t.endpoint<AddressItem>('address.get', { token, query: { id: String(id) } }) as Call<AddressItem>;
const setDefault = (token: string, id: number | string) =>
  t.endpoint<AddressItem[]>('address.setDefault', { token, body: { id } }) as Call<AddressItem[]>;
const del = (token: string, id: number | string) =>
  t.endpoint<AddressItem[]>('address.del', { token, query: { id: String(id) } }) as Call<AddressItem[]>;
const area = (country?: string, lang?: string) =>
  t.endpoint<AreaItem[]>('address.area', { query: country ? { country } : {}, lang }) as Call<AreaItem[]>;

const BERLIN = {
  addressee: 'Erika Mustermann',
  mobile: '+49 30 1234567',
  country: 'DE',
  region: 'DE-BE',
  detail: 'Unter den Linden 1, 10117 Berlin',
  tag: 'home',
};
const PARIS = { ...BERLIN, addressee: 'Jean Dupont', country: 'FR', region: 'Île-de-France', tag: 'Bureau' };

const rowsOf = (userId: number) =>
  t.database.db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.id));
const defaultsOf = async (userId: number) =>
  (await rowsOf(userId)).filter((r) => r.isDefault).map((r) => r.id);

async function withAddresses(n: number) {
  const s = await shopper();
  const ids: number[] = [];
  for (let i = 0; i < n; i++)
    ids.push((await save(s.token, { ...BERLIN, addressee: `Person ${i}` })).data.id);
  return { ...s, ids };
}

describe('addresses: saving', () => {
  it('the first address becomes the default; names come in the request language', async () => {
    const { token, id } = await shopper();
    expect((await list(token)).data).toEqual([]);
    const res = await save(token, BERLIN, 'de-DE');
    expect(res).toMatchObject({
      code: 1,
      msg: translate('de-DE', 'address.saved'),
      data: { ...BERLIN, countryName: 'Deutschland', regionName: 'Berlin', isDefault: true },
    });
    const [row] = await rowsOf(id);
    expect(row).toMatchObject({ ...BERLIN, isDefault: true });
    expect((await list(token, 'ja-JP')).data).toEqual([
      { ...res.data, countryName: 'ドイツ', regionName: 'Berlin' },
    ]);
  });

  it('free text is the region where the country has no list; an own tag is kept as written', async () => {
    const { token } = await shopper();
    const res = await save(token, { ...PARIS, addressee: '  Jean Dupont  ' });
    expect(res.data).toMatchObject({
      addressee: 'Jean Dupont',
      country: 'FR',
      countryName: 'France',
      region: 'Île-de-France',
      regionName: 'Île-de-France',
      tag: 'Bureau',
    });
    expect((await save(token, { ...BERLIN, tag: 'COMPANY' })).data.tag).toBe('company');
  });

  it("a region of a listed country is named in English in English, else in the country's own language", async () => {
    const { token } = await shopper();
    await save(token, { ...BERLIN, country: 'JP', region: 'JP-13' });
    expect((await list(token, 'ja-JP')).data[0]).toMatchObject({ countryName: '日本', regionName: '東京都' });
    expect((await list(token, 'en-US')).data[0]).toMatchObject({ countryName: 'Japan', regionName: 'Tokyo' });
    expect((await list(token, 'de-DE')).data[0]).toMatchObject({
      countryName: 'Japan',
      regionName: '東京都',
    });
    await save(token, { ...BERLIN, region: 'DE-BY' });
    const bavaria = (lang: string) => list(token, lang).then((r) => r.data.find((a) => a.region === 'DE-BY'));
    expect((await bavaria('en-US'))?.regionName).toBe('Bavaria');
    // A German address reads as the German post reads it, whatever the interface language.
    for (const lang of LANGS.filter((l) => l !== 'en-US')) {
      expect((await bavaria(lang))?.regionName, lang).toBe('Bayern');
    }
  });

  it('is_default on a new address moves the default; without it the default stays', async () => {
    const { token, id } = await shopper();
    const first = (await save(token, BERLIN)).data;
    const second = (await save(token, PARIS)).data;
    expect(second.isDefault).toBe(false);
    expect(await defaultsOf(id)).toEqual([first.id]);
    const third = (await save(token, { ...BERLIN, is_default: true })).data;
    expect(third.isDefault).toBe(true);
    expect(await defaultsOf(id)).toEqual([third.id]);
    // The default comes first, then the newest.
    expect((await list(token)).data.map((a) => a.id)).toEqual([third.id, second.id, first.id]);
  });

  it('an edit changes the address; is_default moves the default; "not default" alone cannot leave none', async () => {
    const { token, id } = await shopper();
    const first = (await save(token, BERLIN)).data;
    const second = (await save(token, PARIS)).data;
    const edited = await save(token, {
      ...PARIS,
      id: second.id,
      detail: '1 Rue de Rivoli',
      is_default: true,
    });
    expect(edited.data).toMatchObject({ id: second.id, detail: '1 Rue de Rivoli', isDefault: true });
    expect(await defaultsOf(id)).toEqual([second.id]);
    await save(token, { ...PARIS, id: second.id, is_default: false });
    expect(await defaultsOf(id)).toEqual([second.id]);
    expect((await rowsOf(id)).map((r) => r.id)).toEqual([first.id, second.id]);
  });

  it(`at most ${MAX_ADDRESSES} addresses: the next one is refused and nothing is added`, async () => {
    const { token, id } = await withAddresses(MAX_ADDRESSES);
    refused(await save(token, PARIS), 'address.tooMany', { max: MAX_ADDRESSES });
    refused(await save(token, PARIS, 'tr-TR'), 'address.tooMany', { max: MAX_ADDRESSES }, 'tr-TR');
    expect(await rowsOf(id)).toHaveLength(MAX_ADDRESSES);
    // Editing one is still fine.
    const [row] = await rowsOf(id);
    expect((await save(token, { ...PARIS, id: row.id })).code).toBe(1);
  });
});

describe('addresses: missing or bad fields are refused with the field’s own message, nothing saved', () => {
  it.each([
    ['no addressee', { addressee: undefined }, 'address.addresseeRequired', {}],
    ['a blank addressee', { addressee: '   ' }, 'address.addresseeRequired', {}],
    ['no mobile', { mobile: undefined }, 'address.mobileRequired', {}],
    ['an empty mobile', { mobile: '' }, 'address.mobileRequired', {}],
    ['a mobile with letters', { mobile: 'call me' }, 'errors.mobile', {}],
    ['no country', { country: undefined }, 'address.countryRequired', {}],
    ['a country in lower case', { country: 'de' }, 'address.countryRequired', {}],
    ['a country that does not exist', { country: 'XX' }, 'address.countryUnknown', {}],
    ['no region', { region: '' }, 'address.regionRequired', {}],
    ['a region outside the list', { region: 'Atlantis' }, 'address.regionUnknown', {}],
    ["another country's region", { region: 'FR-IDF' }, 'address.regionUnknown', {}],
    ['no detail', { detail: ' ' }, 'address.detailRequired', {}],
    ['no tag', { tag: '' }, 'address.tagRequired', {}],
    ['a tag of 21 characters', { tag: 'x'.repeat(21) }, 'address.tooLong', {}],
    ['an addressee of 65 characters', { addressee: 'x'.repeat(65) }, 'address.tooLong', {}],
    ['a detail of 201 characters', { detail: 'x'.repeat(201) }, 'address.tooLong', {}],
  ])('%s', async (_label, change, key, params) => {
    const { token, id } = await withAddresses(1);
    const before = await rowsOf(id);
    for (const lang of ['en-US', 'de-DE', 'zh-CN']) {
      const body = { ...BERLIN, addressee: 'Changed', ...change };
      refused(await save(token, body, lang), key, params, lang);
      refused(await save(token, { ...body, id: before[0].id }, lang), key, params, lang);
    }
    expect(await rowsOf(id)).toEqual(before);
  });
});

describe("addresses: another shopper's address looks absent on every route", () => {
  it('get, edit, set default and delete answer exactly as for a missing id, and change nothing', async () => {
    const owner = await withAddresses(2);
    const stranger = await withAddresses(1);
    const theirs = owner.ids[1];
    const ownerBefore = await rowsOf(owner.id);
    const strangerBefore = await rowsOf(stranger.id);
    const pairs: [string, (id: number) => Call<unknown>][] = [
      ['get', (id) => getOne(stranger.token, id)],
      ['edit', (id) => save(stranger.token, { ...PARIS, id })],
      ['set default', (id) => setDefault(stranger.token, id)],
      ['delete', (id) => del(stranger.token, id)],
    ];
    for (const [label, route] of pairs) {
      const foreign = await route(theirs);
      refused(foreign, 'address.notFound');
      expect(foreign, label).toEqual(await route(99_999_999));
    }
    expect(await rowsOf(owner.id)).toEqual(ownerBefore);
    expect(await rowsOf(stranger.id)).toEqual(strangerBefore);
    expect((await list(stranger.token)).data.map((a) => a.id)).toEqual(stranger.ids);
  });
});

describe('addresses: get, set default, delete', () => {
  it('get answers one of the own addresses', async () => {
    const { token, ids } = await withAddresses(2);
    expect((await getOne(token, ids[1])).data).toMatchObject({ id: ids[1], addressee: 'Person 1' });
    refused(await getOne(token, 'abc'), 'errors.notFound');
    refused(await save(token, { ...PARIS, id: 'abc' }), 'errors.notFound');
    refused(await setDefault(token, -1), 'errors.notFound');
  });

  it('set default moves the one default and answers the list', async () => {
    const { token, id, ids } = await withAddresses(3);
    const res = await setDefault(token, ids[2]);
    expect(res).toMatchObject({ code: 1, msg: translate('en-US', 'address.defaultSet') });
    expect(res.data[0]).toMatchObject({ id: ids[2], isDefault: true });
    expect(await defaultsOf(id)).toEqual([ids[2]]);
    expect((await setDefault(token, ids[2])).code).toBe(1);
    expect(await defaultsOf(id)).toEqual([ids[2]]);
  });

  it('deleting the default makes the most recent other address the default; the last leaves none', async () => {
    const { token, id, ids } = await withAddresses(3);
    await setDefault(token, ids[1]);
    const res = await del(token, ids[1]);
    expect(res).toMatchObject({ code: 1, msg: translate('en-US', 'address.deleted') });
    expect(res.data.map((a) => [a.id, a.isDefault])).toEqual([
      [ids[2], true],
      [ids[0], false],
    ]);
    expect((await del(token, ids[0])).data.map((a) => a.id)).toEqual([ids[2]]);
    expect(await defaultsOf(id)).toEqual([ids[2]]);
    expect((await del(token, ids[2])).data).toEqual([]);
    expect(await rowsOf(id)).toEqual([]);
    refused(await del(token, ids[2]), 'address.notFound');
  });
});

describe('addresses: concurrent calls keep exactly one default', () => {
  it('set default on different addresses at once', async () => {
    const { token, id, ids } = await withAddresses(5);
    const answers = await Promise.all(ids.map((a) => setDefault(token, a)));
    expect(answers.every((a) => a.code === 1)).toBe(true);
    expect(await defaultsOf(id)).toHaveLength(1);
  });

  it('a new shopper saving several addresses at once, some asking to be default', async () => {
    const { token, id } = await shopper();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => save(token, { ...BERLIN, is_default: i % 2 === 0 })),
    );
    expect(answers.every((a) => a.code === 1)).toBe(true);
    expect(await rowsOf(id)).toHaveLength(6);
    expect(await defaultsOf(id)).toHaveLength(1);
  });

  it('deleting the default while setting another: one default remains', async () => {
    const { token, id, ids } = await withAddresses(4);
    await Promise.all([
      del(token, ids[0]),
      setDefault(token, ids[1]),
      del(token, ids[3]),
      setDefault(token, ids[2]),
    ]);
    expect(await defaultsOf(id)).toHaveLength(1);
  });

  it(`saves racing for the last free places never pass ${MAX_ADDRESSES}`, async () => {
    const { token, id } = await withAddresses(MAX_ADDRESSES - 2);
    const answers = await Promise.all(Array.from({ length: 4 }, () => save(token, PARIS)));
    expect(answers.filter((a) => a.code === 1)).toHaveLength(2);
    expect(answers.filter((a) => a.error === 'address.tooMany')).toHaveLength(2);
    expect(await rowsOf(id)).toHaveLength(MAX_ADDRESSES);
  });
});

describe('addresses: every call but the area list needs a shopper', () => {
  it.each([
    ['address.list', undefined, undefined],
    ['address.get', undefined, { id: '1' }],
    ['address.save', BERLIN, undefined],
    ['address.setDefault', { id: 1 }, undefined],
    ['address.del', undefined, { id: '1' }],
  ] as const)('%s without a token answers 401', async (name, body, query) => {
    const res = await t.endpoint(name, { body, query });
    expect(res).toMatchObject({ code: 401, msg: translate('en-US', 'errors.loginFirst') });
  });
});

describe('area: countries and regions', () => {
  it('every ISO 3166-1 country, named and sorted in each interface language', async () => {
    for (const lang of LANGS) {
      const res = await area(undefined, lang);
      expect(res.code).toBe(1);
      expect(res.data).toHaveLength(249);
      expect(new Set(res.data.map((c) => c.code))).toEqual(COUNTRY_CODES);
      const names = res.data.map((c) => c.name);
      expect([...names].sort(new Intl.Collator(lang, { sensitivity: 'base' }).compare)).toEqual(names);
      expect(names.every((n) => n && !/^[A-Z]{2}$/.test(n))).toBe(true);
    }
    const de = (await area(undefined, 'de-DE')).data;
    expect(de.find((c) => c.code === 'DE')).toEqual({ code: 'DE', name: 'Deutschland', hasRegions: true });
    expect(de.find((c) => c.code === 'FR')).toEqual({ code: 'FR', name: 'Frankreich', hasRegions: false });
    expect((await area(undefined, 'zh-CN')).data.find((c) => c.code === 'JP')?.name).toBe('日本');
  });

  it('regions in English in English, else in the country’s own language (a script other than Latin with the English beside it); none: free text', async () => {
    const jpLocal = (await area('JP', 'ja-JP')).data;
    expect(jpLocal).toHaveLength(47);
    expect(jpLocal[0]).toEqual({ code: 'JP-01', name: '北海道', hasRegions: false });
    expect((await area('JP', 'ko-KR')).data[12]).toMatchObject({ code: 'JP-13', name: '東京都 (Tokyo)' });
    expect((await area('JP', 'en-US')).data[12]).toMatchObject({ code: 'JP-13', name: 'Tokyo' });
    for (const lang of LANGS.filter((l) => l !== 'en-US')) {
      const names = (await area('DE', lang)).data.map((r) => r.name);
      expect(names, lang).toContain('Bayern');
      expect(names, lang).not.toContain('Bavaria');
    }
    expect((await area('DE', 'en-US')).data.map((r) => r.name)).toContain('Bavaria');
    expect((await area('RU', 'th-TH')).data.map((r) => r.name)).toContain('Москва (Moscow)');
    expect((await area('RU', 'ru-RU')).data.map((r) => r.name)).toContain('Москва');
    expect((await area('TR', 'de-DE')).data.map((r) => r.name)).toContain('İstanbul');
    expect((await area('CN', 'zh-CN')).data[0]).toEqual({ code: 'CN-BJ', name: '北京市', hasRegions: false });
    expect((await area('TH', 'th-TH')).data.map((r) => r.name)).toContain('เชียงใหม่');
    expect((await area('US', 'en-US')).data[0].name).toBe('Alabama');
    expect((await area('FR', 'en-US')).data).toEqual([]);
    refused(await area('XX'), 'address.countryUnknown');
    refused(await area('de'), 'address.countryRequired');
  });

  it('the region lists hold what they should: at least eight countries, unique ISO 3166-2 codes, both names', () => {
    const expected = { US: 56, CN: 31, JP: 47, DE: 16, KR: 17, TH: 77, RU: 83, TR: 81 };
    for (const [country, size] of Object.entries(expected)) {
      expect(hasRegionList(country), country).toBe(true);
      for (const lang of LANGS) {
        const regions = regionList(country, lang);
        expect(regions, `${country} ${lang}`).toHaveLength(size);
        expect(new Set(regions.map((r) => r.code)).size).toBe(size);
        for (const r of regions) {
          expect(r.code).toMatch(new RegExp(`^${country}-[A-Z0-9]{1,3}$`));
          expect(r.name.trim()).not.toBe('');
        }
      }
    }
  });
});
