import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGS } from '../../common/languages';
import { uploads } from '../../server/db/schema';
import { translate } from '../../server/lib/i18n';
import { readUser } from './helpers';
import { uploadPicture } from './wallet-fixture';
import { useTestApp } from '../support/use-app';

const t = useTestApp();
let user: { token: string; id: number };
beforeAll(async () => {
  user = await t.register('profile_user');
});

const profile = (body: unknown, lang?: string) =>
  t.endpoint<Record<string, unknown>>('user.profile', { token: user.token, body, lang });

const uploadRow = async (path: string) =>
  (await t.database.db.select().from(uploads).where(eq(uploads.path, path)))[0];
/** Where a pending upload goes when the profile takes it: the public folder. */
const publicOf = (url: string) => url.replace(/^\/pending\//, '/uploads/');

describe('profile: the shopper edits their own details', () => {
  it('saves names, e-mail, mobile and an uploaded avatar (public from then on), and answers the new user info', async () => {
    const url = await uploadPicture(t, user.token);
    const body = {
      familyName: 'Musterfrau',
      givenName: 'Erika',
      email: 'erika@example.de',
      mobile: '+49 30 1234567',
      avatar: publicOf(url),
    };
    expect((await t.app.inject({ method: 'GET', url: body.avatar })).statusCode).toBe(404);
    const res = await profile({ ...body, avatar: url }, 'de-DE');
    expect(res).toMatchObject({ status: 200, code: 1, msg: translate('de-DE', 'common.saved'), data: body });
    expect(await readUser(t, user.id)).toMatchObject(body);
    expect((await uploadRow(body.avatar)).usedAt).toBeInstanceOf(Date);
    const served = await t.app.inject({ method: 'GET', url: body.avatar });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/webp']);
  });

  it('a field left out keeps its value', async () => {
    await profile({ givenName: 'Erika', email: 'keep@example.com' });
    const res = await profile({ givenName: 'Eri' });
    expect(res.code).toBe(1);
    expect(await readUser(t, user.id)).toMatchObject({ givenName: 'Eri', email: 'keep@example.com' });
  });
});

describe('profile: clearing contact details', () => {
  it('an empty e-mail or mobile clears it; a field left out keeps its value', async () => {
    await profile({ email: 'clear@example.com', mobile: '+1 555 0100', givenName: 'Keep' });
    const res = await profile({ email: '', mobile: '' });
    expect(res).toMatchObject({ code: 1, data: { email: '', mobile: '', givenName: 'Keep' } });
    expect(await readUser(t, user.id)).toMatchObject({ email: null, mobile: null, givenName: 'Keep' });
  });
});

describe('profile: each bad input is refused with a clear message and nothing changed', () => {
  it.each([
    ['e-mail without @', { email: 'erika.example.de' }, 'errors.email', {}],
    ['e-mail as a number', { email: 12345 }, 'errors.email', {}],
    ['mobile with letters', { mobile: 'call me maybe' }, 'errors.mobile', {}],
    ['mobile too short', { mobile: '12' }, 'errors.mobile', {}],
    ['family name of 5,000 characters', { familyName: 'x'.repeat(5000) }, 'errors.nameTooLong', {}],
    ['avatar on another site', { avatar: 'https://evil.example/a.png' }, 'errors.avatarInvalid', {}],
    ['avatar as a script', { avatar: 'javascript:alert(1)' }, 'errors.avatarInvalid', {}],
    ['avatar as a number', { avatar: 7 }, 'errors.invalidParam', { field: 'avatar' }],
    ['given name as an object', { givenName: { first: 'x' } }, 'errors.invalidParam', { field: 'givenName' }],
  ])('%s', async (_label, body, key, params) => {
    const before = await readUser(t, user.id);
    for (const lang of ['en-US', 'de-DE', 'zh-CN'] as const) {
      const res = await profile({ givenName: 'Changed', ...body }, lang);
      expect(res).toMatchObject({ status: 200, code: 0, msg: translate(lang, key, params), data: null });
    }
    expect(await readUser(t, user.id)).toEqual(before);
  });
});

describe('language_list: the eight interface languages', () => {
  it('is public and lists each language once with English and Chinese names', async () => {
    const res =
      await t.endpoint<{ file_name: string; language_name: string; is_default: boolean }[]>(
        'user.languageList',
      );
    expect(res).toMatchObject({ status: 200, code: 1 });
    expect(res.data.map((l) => l.file_name)).toEqual([...LANGS]);
    expect(res.data.every((l) => l.language_name.length > 0)).toBe(true);
    expect(res.data.filter((l) => l.is_default)).toHaveLength(1);
  });
});

describe("set_language: the shopper's saved language", () => {
  it('saves one of the eight and getUserInfo answers it', async () => {
    const res = await t.endpoint('user.setLanguage', {
      token: user.token,
      query: { lang: 'zh-CN' },
    });
    expect(res).toMatchObject({ status: 200, code: 1, data: { lang: 'zh-CN' } });
    expect((await readUser(t, user.id)).lang).toBe('zh-CN');
    const info = await t.endpoint('user.getUserInfo', { token: user.token });
    expect(info.data).toMatchObject({ lang: 'zh-CN' });
  });

  it.each([
    ['a language outside the list', { lang: 'fr-FR' }],
    ['a bare primary tag', { lang: 'de' }],
    ['no lang at all', {}],
    ['5,000 characters', { lang: 'l'.repeat(5000) }],
  ])('refuses %s and keeps the saved one', async (_label, query) => {
    await t.endpoint('user.setLanguage', { token: user.token, query: { lang: 'ko-KR' } });
    const res = await t.endpoint('user.setLanguage', { token: user.token, query, lang: 'de-DE' });
    expect(res).toMatchObject({ status: 200, code: 0, msg: translate('de-DE', 'errors.languageUnknown') });
    expect((await readUser(t, user.id)).lang).toBe('ko-KR');
  });
});

describe('profile: the avatar must be one of the shopper’s own uploads', () => {
  let theirs: string;
  beforeAll(async () => {
    const other = await t.register('other_shopper');
    theirs = await uploadPicture(t, other.token);
  });

  it.each([
    ['a picture another shopper uploaded', () => theirs],
    ['a path no one uploaded', () => '/pending/2025-02/0123456789abcdef01234567.webp'],
    ['a public picture that is not theirs', () => '/uploads/2025-02/0123456789abcdef01234567.webp'],
  ])('%s is refused and nothing changes', async (_label, path) => {
    const before = await readUser(t, user.id);
    const res = await profile({ avatar: path(), givenName: 'Changed' }, 'ja-JP');
    expect(res).toMatchObject({ status: 200, code: 0, msg: translate('ja-JP', 'guard.avatarNotYours') });
    expect(await readUser(t, user.id)).toMatchObject({ avatar: before.avatar, givenName: before.givenName });
  });

  it('a new avatar is marked used and the one it replaces is unused again (the sweep takes it)', async () => {
    const first = await uploadPicture(t, user.token);
    const second = await uploadPicture(t, user.token, '#cc3366');
    expect((await profile({ avatar: first })).code).toBe(1);
    expect((await profile({ avatar: second })).code).toBe(1);
    expect((await uploadRow(publicOf(first))).usedAt).toBeNull();
    expect((await uploadRow(publicOf(second))).usedAt).toBeInstanceOf(Date);
    // Saving the profile again with the avatar it has is no change; the first one is not pending any more.
    expect((await profile({ avatar: publicOf(second), givenName: 'Same' })).code).toBe(1);
    expect((await profile({ avatar: first })).code).toBe(0);
    expect((await readUser(t, user.id)).avatar).toBe(publicOf(second));
  });
});
