import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../server/db/schema';
import { translate } from '../../server/lib/i18n';
import { settleMoves, takeUploads, type FileMove } from '../../server/modules/upload/take';
import { createTestAppWithDataDir } from '../support/app';
import { useApp } from '../support/use-app';

const t = useApp(() => createTestAppWithDataDir('upload'));
let user: { token: string; id: number };
beforeAll(async () => {
  user = await t.register('uploader');
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
  // light-my-request encodes a FormData payload as multipart/form-data.
  return t.endpoint<{ url: string; preview: string } | null>('upload.image', { ...opts, body: form });
}

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } });

/** A PNG whose header claims width x height; its few compressed bytes hold almost nothing. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(64 * 1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const storedFiles = () =>
  ['pending', 'uploads'].flatMap((folder) =>
    existsSync(path.join(t.dataDir, folder))
      ? readdirSync(path.join(t.dataDir, folder), { recursive: true }).filter((f) =>
          String(f).endsWith('.webp'),
        )
      : [],
  );

async function uploadRows(): Promise<number> {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(uploads);
  return Number(row.n);
}

const fileOf = (url: string) => path.join(t.dataDir, url.replace(/^\//, ''));

describe('upload: a picture becomes a stored WebP with a URL', () => {
  it('stores the file, records it for the uploader, shows it only to them until taken, and the URL is accepted as avatar', async () => {
    const png = await picture(40, 30).png().toBuffer();
    const res = await upload([{ name: 'file', data: png, type: 'image/png', filename: 'me.png' }], {
      token: user.token,
      lang: 'de-DE',
    });
    expect(res).toMatchObject({ status: 200, code: 1, msg: translate('de-DE', 'common.success') });
    const url = res.data?.url ?? '';
    const preview = res.data?.preview ?? '';
    expect(url).toMatch(/^\/pending\/\d{4}-\d{2}\/[0-9a-f]{24}\.webp$/);
    const stored = readFileSync(fileOf(url));
    expect((await sharp(stored).metadata()).format).toBe('webp');
    const rows = await t.database.db
      .select()
      .from(uploads)
      .where(sql`${uploads.path} = ${url}`);
    expect(rows).toEqual([expect.objectContaining({ userId: user.id, bytes: stored.length, usedAt: null })]);

    // Pending: the signed preview (an <img> sends no session) and the uploader's session show it;
    // no public address, no other shopper, no unsigned or altered link does.
    const get = (address: string, token?: string) =>
      t.app.inject({ method: 'GET', url: address, headers: token ? { token } : {} });
    const served = await get(preview);
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/webp']);
    expect(served.rawPayload.equals(stored)).toBe(true);
    const bare = preview.split('?')[0];
    expect((await get(bare, user.token)).statusCode).toBe(200);
    const other = await t.register('upload_other');
    const publicAddress = url.replace('/pending/', '/uploads/');
    for (const [address, token] of [
      [bare, undefined],
      [bare, other.token],
      [preview.replace(/sig=[^&]+/, `sig=${'A'.repeat(43)}`), undefined],
      [publicAddress, undefined],
    ] as const)
      expect([address, (await get(address, token)).statusCode]).toEqual([address, 404]);

    const avatar = await t.endpoint('user.profile', { token: user.token, body: { avatar: url } });
    expect(avatar).toMatchObject({ code: 1, data: { avatar: publicAddress } });
    // Taken as avatar: public at its address, the file moved there, the preview gone.
    const shown = await get(publicAddress);
    expect([shown.statusCode, shown.rawPayload.equals(stored)]).toEqual([200, true]);
    expect([existsSync(fileOf(url)), existsSync(fileOf(publicAddress))]).toEqual([false, true]);
    expect((await get(preview)).statusCode).toBe(404);
  });

  it('two requests taking one upload at once: one takes it, the other is refused, the file is where the winner put it', async () => {
    const png = await picture(20, 20).png().toBuffer();
    for (let round = 0; round < 3; round++) {
      const res = await upload([{ name: 'file', data: png, type: 'image/png', filename: 'race.png' }], {
        token: user.token,
      });
      const url = res.data!.url;
      const [avatar, message] = await Promise.all([
        t.endpoint('user.profile', { token: user.token, body: { avatar: url } }),
        t.endpoint('service.send', { token: user.token, body: { picture: url } }),
      ]);
      expect([avatar.code, message.code].sort(), `round ${round}`).toEqual([0, 1]);
      const [row] = await t.database.db
        .select()
        .from(uploads)
        .where(sql`${uploads.path} like ${`%${url.split('/').at(-1)}`}`);
      const winner = avatar.code === 1 ? '/uploads/' : '/evidence/';
      expect(row).toMatchObject({
        path: url.replace('/pending/', winner),
        purpose: avatar.code === 1 ? 'avatar' : 'service',
      });
      const copies = ['pending', 'uploads', 'evidence'].filter((folder) =>
        existsSync(fileOf(url.replace('/pending/', `/${folder}/`))),
      );
      expect(copies).toEqual([winner.slice(1, -1)]);
    }
  });

  it('a rolled back take leaves the upload pending; its undo spares the file a take committed since', async () => {
    const png = await picture(16, 16).png().toBuffer();
    const { db } = t.database;
    const url = (
      await upload([{ name: 'file', data: png, type: 'image/png', filename: 'r.png' }], { token: user.token })
    ).data!.url;
    /** What a review's take of the picture asks, in the take that commits and in the one rolled back. */
    const review: Parameters<typeof takeUploads>[1] = {
      userId: user.id,
      dataDir: t.dataDir,
      refs: [url],
      purpose: 'review',
      invalid: 'review.picInvalid',
    };
    const take = (moves: FileMove[]) => db.transaction((tx) => takeUploads(tx, review, moves));
    const failing = (moves: FileMove[]) =>
      db.transaction(async (tx) => {
        await takeUploads(tx, review, moves);
        throw new Error('rolled back');
      });
    const publicPath = url.replace('/pending/', '/uploads/');

    // Alone: the rollback's undo removes the new name; the upload is pending as before.
    const alone: FileMove[] = [];
    await expect(failing(alone)).rejects.toThrow('rolled back');
    await settleMoves(db, alone, false);
    expect([existsSync(fileOf(url)), existsSync(fileOf(publicPath))]).toEqual([true, false]);

    // A second take commits between the first one's rollback and its undo (it waited on the row).
    const late: FileMove[] = [];
    await expect(failing(late)).rejects.toThrow('rolled back');
    const won: FileMove[] = [];
    const [taken] = await take(won);
    await settleMoves(db, won, true);
    await settleMoves(db, late, false);
    expect(taken.path).toBe(publicPath);
    expect([existsSync(fileOf(url)), existsSync(fileOf(publicPath))]).toEqual([false, true]);
    expect((await t.app.inject({ method: 'GET', url: publicPath })).statusCode).toBe(200);
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

describe('upload: location and orientation of a phone photo', () => {
  it('GPS coordinates in the EXIF are gone from the stored picture', async () => {
    const jpeg = await picture(48, 32)
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneMaker' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '52/1 31/1 1234/100',
          GPSLongitudeRef: 'E',
          GPSLongitude: '13/1 24/1 0/1',
        },
      })
      .toBuffer();
    const exif = (await sharp(jpeg).metadata()).exif;
    expect(exif?.includes(Buffer.from('PhoneMaker'))).toBe(true);
    const res = await upload([{ name: 'file', data: jpeg, type: 'image/jpeg', filename: 'trip.jpg' }], {
      token: user.token,
    });
    expect(res.code).toBe(1);
    const stored = readFileSync(fileOf(res.data?.url ?? ''));
    const meta = await sharp(stored).metadata();
    expect([meta.exif, meta.xmp, meta.iptc]).toEqual([undefined, undefined, undefined]);
    expect(stored.includes(Buffer.from('PhoneMaker'))).toBe(false);
  });

  it('the EXIF orientation is applied: a sideways photo is stored upright, without the tag', async () => {
    // 60 x 20 pixels, left half red, marked "rotate 90 degrees clockwise to view" (orientation 6).
    const jpeg = await sharp({ create: { width: 60, height: 20, channels: 3, background: '#ffffff' } })
      .composite([
        { input: { create: { width: 30, height: 20, channels: 3, background: '#ff0000' } }, left: 0, top: 0 },
      ])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).orientation).toBe(6);
    const res = await upload([{ name: 'file', data: jpeg, type: 'image/jpeg', filename: 'side.jpg' }], {
      token: user.token,
    });
    const stored = readFileSync(fileOf(res.data?.url ?? ''));
    const meta = await sharp(stored).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([20, 60, undefined]);
    // Turned clockwise, the red left half is now the top.
    const { data } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => Array.from(data.subarray((y * 20 + x) * 3, (y * 20 + x) * 3 + 3));
    expect(pixel(10, 5)[0]).toBeGreaterThan(200);
    expect(pixel(10, 5)[1]).toBeLessThan(80);
    expect(pixel(10, 55)).toEqual(expect.arrayContaining([expect.any(Number)]));
    expect(pixel(10, 55)[1]).toBeGreaterThan(200);
  });
});

describe('upload: anything but one picture is refused and nothing stored', () => {
  const notAPicture = translate('zh-CN', 'errors.uploadImage');
  const wrongFormat = translate('zh-CN', 'guard.uploadFormat');

  it.each<[string, () => Promise<Part[]> | Part[], number, string]>([
    [
      'a text file',
      () => [{ name: 'file', data: 'hello', type: 'text/plain', filename: 'a.txt' }],
      200,
      wrongFormat,
    ],
    [
      'a file named .png that is not one',
      () => [{ name: 'file', data: 'GIF89a-no', type: 'image/png', filename: 'a.png' }],
      200,
      wrongFormat,
    ],
    [
      'an SVG named .png',
      () => [
        {
          name: 'file',
          data: '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
          type: 'image/png',
          filename: 'a.png',
        },
      ],
      200,
      wrongFormat,
    ],
    ...(['gif', 'tiff', 'avif'] as const).map((format): [string, () => Promise<Part[]>, number, string] => [
      `a real ${format.toUpperCase()} picture named .jpg`,
      async () => [
        {
          name: 'file',
          data: await picture(16, 16).toFormat(format).toBuffer(),
          type: 'image/jpeg',
          filename: 'a.jpg',
        },
      ],
      200,
      wrongFormat,
    ]),
    [
      'a renamed Windows executable',
      () => [
        {
          name: 'file',
          data: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(500)]),
          type: 'image/jpeg',
          filename: 'photo.jpg',
        },
      ],
      200,
      wrongFormat,
    ],
    [
      'a renamed Linux executable',
      () => [
        {
          name: 'file',
          data: Buffer.concat([Buffer.from('\x7fELF', 'latin1'), Buffer.alloc(500)]),
          type: 'image/png',
          filename: 'photo.png',
        },
      ],
      200,
      wrongFormat,
    ],
    [
      'a polyglot: JPEG magic bytes in front of a PNG',
      async () => [
        {
          name: 'file',
          data: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), await picture(8, 8).png().toBuffer()]),
          type: 'image/jpeg',
          filename: 'a.jpg',
        },
      ],
      200,
      notAPicture,
    ],
    [
      'a decompression bomb: a tiny PNG that claims 100,000 x 100,000 pixels',
      () => [{ name: 'file', data: pngClaiming(100_000, 100_000), type: 'image/png', filename: 'bomb.png' }],
      200,
      translate('zh-CN', 'guard.uploadPixels'),
    ],
    [
      'a picture header just over 40 megapixels (8000 x 5001)',
      () => [{ name: 'file', data: pngClaiming(8000, 5001), type: 'image/png', filename: 'huge.png' }],
      200,
      translate('zh-CN', 'guard.uploadPixels'),
    ],
    ['a form without a file', () => [{ name: 'title', data: 'no file here' }], 200, notAPicture],
    [
      'a file over 10 MB',
      () => [
        {
          name: 'file',
          data: Buffer.alloc(10 * 1024 * 1024 + 1, 7),
          type: 'image/jpeg',
          filename: 'big.jpg',
        },
      ],
      413,
      translate('zh-CN', 'errors.tooLarge'),
    ],
  ])('%s', async (_label, parts, status, msg) => {
    const files = storedFiles().length;
    const rows = await uploadRows();
    const res = await upload(await parts(), { token: user.token, lang: 'zh-CN' });
    expect(res).toMatchObject({ status, code: 0, msg, data: null });
    expect(storedFiles()).toHaveLength(files);
    expect(await uploadRows()).toBe(rows);
  });

  it('a multipart body cut off in the middle of the file is a clear refusal, not a 500', async () => {
    const rows = await uploadRows();
    const png = await picture(40, 30).png().toBuffer();
    const head = Buffer.from(
      '--cut\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n',
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { token: user.token, 'content-type': 'multipart/form-data; boundary=cut', lang: 'ru-RU' },
      payload: Buffer.concat([head, png.subarray(0, 50)]),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, msg: translate('ru-RU', 'guard.uploadBroken') });
    expect(await uploadRows()).toBe(rows);
  });

  it.each([
    ['a JPEG with a payload', 'jpeg', 'PK\x03\x04<script>evil()</script>', 'evil()'],
    [
      'a PNG with an HTML page',
      'png',
      '<html><body><script>steal(document.cookie)</script></body></html>',
      '<script>',
    ],
  ] as const)(
    '%s appended (a polyglot) is stored as a clean picture without it',
    async (_what, format, appended, trace) => {
      const data = Buffer.concat([await picture(32, 32)[format]().toBuffer(), Buffer.from(appended)]);
      const file = { name: 'file', data, type: `image/${format}`, filename: `a.${format}` };
      const res = await upload([file], { token: user.token });
      expect(res.code).toBe(1);
      const stored = readFileSync(fileOf(res.data?.url ?? ''));
      expect((await sharp(stored).metadata()).format).toBe('webp');
      expect(stored.includes(Buffer.from(trace))).toBe(false);
    },
  );

  it('a JSON body instead of a form', async () => {
    const res = await t.endpoint('upload.image', {
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

describe('upload: limits per shopper', () => {
  const limited = useApp(() =>
    createTestAppWithDataDir('upload-limits', { UPLOAD_RATE: 3, UPLOAD_DAILY_BYTES: 1500 }),
  );

  const send = async (token: string) => {
    const form = new FormData();
    // Random pixels: a picture that does not compress, about 1 kB as stored WebP.
    const noise = await sharp(randomBytes(32 * 32 * 3), { raw: { width: 32, height: 32, channels: 3 } })
      .png()
      .toBuffer();
    form.append('file', new Blob([new Uint8Array(noise)], { type: 'image/png' }), 'n.png');
    return limited.endpoint('upload.image', { token, lang: 'tr-TR', body: form });
  };
  const rowsOf = async (userId: number) =>
    Number(
      (
        await limited.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(uploads)
          .where(sql`${uploads.userId} = ${userId}`)
      )[0].n,
    );

  it('more uploads than the rate allows in 10 minutes are refused with HTTP 429; other shoppers are not held up', async () => {
    const a = await limited.register('rate_a');
    const b = await limited.register('rate_b');
    const results = [];
    for (let i = 1; i <= 4; i++) results.push(await send(a.token));
    // The quota may stop one of the first three; the fourth is over the rate whatever happened.
    expect(results[3]).toMatchObject({
      status: 429,
      code: 0,
      msg: translate('tr-TR', 'guard.uploadTooMany', { minutes: 10 }),
    });
    expect((await send(b.token)).code).toBe(1);
  });

  it('past the daily byte quota an upload is refused and nothing is stored', async () => {
    const c = await limited.register('quota_c');
    const answers = [];
    for (let i = 1; i <= 3; i++) answers.push(await send(c.token));
    const refused = answers.filter((r) => r.code === 0);
    expect(answers[0].code).toBe(1);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused)
      expect(r).toMatchObject({ status: 200, msg: translate('tr-TR', 'guard.uploadQuota') });
    expect(await rowsOf(c.id)).toBe(answers.length - refused.length);
    const [{ bytes }] = await limited.database.db
      .select({ bytes: sql<number>`sum(${uploads.bytes})::int` })
      .from(uploads)
      .where(sql`${uploads.userId} = ${c.id}`);
    expect(Number(bytes)).toBeLessThanOrEqual(1500);
  });
});
