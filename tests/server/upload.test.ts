import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../server/db/schema';
import { translate } from '../../server/lib/i18n';
import { createTestApp, type TestApp } from '../support/app';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-upload-'));
let t: TestApp;
let user: { token: string; id: number };
beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir });
  user = await t.register('uploader');
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Part = { name: string; data: Buffer | string; type?: string; filename?: string };

async function upload(parts: Part[], opts: { token?: string; lang?: string } = {}) {
  const form = new FormData();
  for (const p of parts) {
    if (p.filename)
      form.append(
        p.name,
        new Blob([typeof p.data === 'string' ? p.data : new Uint8Array(p.data)], { type: p.type }),
        p.filename,
      );
    else form.append(p.name, String(p.data));
  }
  const headers: Record<string, string> = {};
  if (opts.token) headers.token = opts.token;
  if (opts.lang) headers.lang = opts.lang;
  // light-my-request encodes a FormData payload as multipart/form-data.
  const res = await t.app.inject({ method: 'POST', url: '/api/upload', headers, payload: form as never });
  return {
    status: res.statusCode,
    ...(res.json() as { code: number; msg: string; data: { url: string } | null }),
  };
}

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } });

const storedFiles = () =>
  existsSync(path.join(dataDir, 'uploads'))
    ? readdirSync(path.join(dataDir, 'uploads'), { recursive: true }).filter((f) =>
        String(f).endsWith('.webp'),
      )
    : [];

async function uploadRows(): Promise<number> {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(uploads);
  return Number(row.n);
}

const fileOf = (url: string) => path.join(dataDir, url.replace(/^\//, ''));

describe('upload: a picture becomes a stored WebP with a URL', () => {
  it('stores the file, records it for the uploader, serves it, and the URL is accepted as avatar', async () => {
    const png = await picture(40, 30).png().toBuffer();
    const res = await upload([{ name: 'file', data: png, type: 'image/png', filename: 'me.png' }], {
      token: user.token,
      lang: 'de-DE',
    });
    expect(res).toMatchObject({ status: 200, code: 1, msg: translate('de-DE', 'common.success') });
    const url = res.data?.url ?? '';
    expect(url).toMatch(/^\/uploads\/\d{4}-\d{2}\/[0-9a-f]{24}\.webp$/);
    const stored = readFileSync(fileOf(url));
    expect((await sharp(stored).metadata()).format).toBe('webp');
    const rows = await t.database.db
      .select()
      .from(uploads)
      .where(sql`${uploads.path} = ${url}`);
    expect(rows).toEqual([expect.objectContaining({ userId: user.id, bytes: stored.length })]);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.equals(stored)).toBe(true);

    const avatar = await t.call('POST', '/api/user/profile', { token: user.token, body: { avatar: url } });
    expect(avatar).toMatchObject({ code: 1, data: { avatar: url } });
  });

  it('a large photo is scaled down to at most 1600 pixels on its longest side', async () => {
    const jpeg = await picture(3200, 1000).jpeg().toBuffer();
    const res = await upload([{ name: 'file', data: jpeg, type: 'image/jpeg', filename: 'wide.jpg' }], {
      token: user.token,
    });
    const meta = await sharp(readFileSync(fileOf(res.data?.url ?? ''))).metadata();
    expect([meta.width, meta.height]).toEqual([1600, 500]);
  });

  it('metadata of the original (EXIF, location) is not kept', async () => {
    const jpeg = await picture(64, 64)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-owner', ImageDescription: 'home address' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload([{ name: 'file', data: jpeg, type: 'image/jpeg', filename: 'gps.jpg' }], {
      token: user.token,
    });
    const stored = readFileSync(fileOf(res.data?.url ?? ''));
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect(stored.includes(Buffer.from('secret-owner'))).toBe(false);
  });
});

describe('upload: anything but one picture is refused and nothing stored', () => {
  const notAPicture = translate('zh-CN', 'errors.uploadImage');

  it.each<[string, Part[], number, string]>([
    [
      'a text file',
      [{ name: 'file', data: 'hello', type: 'text/plain', filename: 'a.txt' }],
      200,
      notAPicture,
    ],
    [
      'a file named .png that is not one',
      [{ name: 'file', data: 'GIF89a-no', type: 'image/png', filename: 'a.png' }],
      200,
      notAPicture,
    ],
    ['a form without a file', [{ name: 'title', data: 'no file here' }], 200, notAPicture],
    [
      'a file over 8 MiB',
      [{ name: 'file', data: Buffer.alloc(9 * 1024 * 1024, 7), type: 'image/jpeg', filename: 'big.jpg' }],
      413,
      translate('zh-CN', 'errors.tooLarge'),
    ],
  ])('%s', async (_label, parts, status, msg) => {
    const files = storedFiles().length;
    const rows = await uploadRows();
    const res = await upload(parts, { token: user.token, lang: 'zh-CN' });
    expect(res).toMatchObject({ status, code: 0, msg, data: null });
    expect(storedFiles()).toHaveLength(files);
    expect(await uploadRows()).toBe(rows);
  });

  it('a JSON body instead of a form', async () => {
    const res = await t.call('POST', '/api/upload', {
      token: user.token,
      body: { file: 'data:image/png;base64,AAAA' },
    });
    expect(res).toMatchObject({ status: 200, code: 0, msg: translate('en-US', 'errors.uploadImage') });
  });

  it('a picture without a session', async () => {
    const files = storedFiles().length;
    const png = await picture(10, 10).png().toBuffer();
    const res = await upload([{ name: 'file', data: png, type: 'image/png', filename: 'x.png' }]);
    expect(res).toMatchObject({ code: 401, msg: translate('en-US', 'errors.loginFirst') });
    expect(storedFiles()).toHaveLength(files);
  });
});
