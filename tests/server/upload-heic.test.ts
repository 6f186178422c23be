import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../server/db/schema';
import { translate } from '../../server/lib/i18n';
import { createTestApp, type TestApp } from '../support/app';

// Real HEIC files, made here by libheif's encoder (Debian's libheif-examples: heif-enc with x265),
// the same container and HEVC coding an iPhone writes.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-heic-'));
let t: TestApp;
let user: { token: string; id: number };
beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir });
  user = await t.register('iphoneuser');
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A HEIC of the given JPEG, encoded by heif-enc. */
function heicOf(jpeg: Buffer): Buffer {
  const src = path.join(dataDir, `src-${Math.random().toString(36).slice(2)}.jpg`);
  const out = src.replace(/\.jpg$/, '.heic');
  writeFileSync(src, jpeg);
  execFileSync('heif-enc', ['-q', '80', src, '-o', out], { stdio: 'pipe' });
  const heic = readFileSync(out);
  rmSync(src);
  rmSync(out);
  return heic;
}

async function upload(data: Buffer, lang = 'en-US') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type: 'image/heic' }), 'IMG_0001.HEIC');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { token: user.token, lang },
    payload: form as never,
  });
  return res.json() as { code: number; msg: string; data: { url: string } | null };
}

const rows = async () =>
  Number((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(uploads))[0].n);

/** The stored picture of an upload's url, read from disk. */
const storedOf = (url: string) => {
  const [, month, file] = /(\d{4}-\d{2})\/([0-9a-f]{24}\.webp)$/.exec(url) ?? [];
  for (const folder of ['uploads', 'evidence']) {
    try {
      return readFileSync(path.join(dataDir, folder, month, file));
    } catch {
      // not in this folder
    }
  }
  throw new Error(`no stored file for ${url}`);
};

/** A 90 x 60 photo: left half red, right half white, with EXIF naming its owner and place. */
const photo = () =>
  sharp({ create: { width: 90, height: 60, channels: 3, background: '#ffffff' } })
    .composite([
      { input: { create: { width: 45, height: 60, channels: 3, background: '#ff0000' } }, left: 0, top: 0 },
    ])
    .jpeg({ quality: 95 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Copyright: 'secret-owner' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 1234/100' },
    })
    .toBuffer();

describe('upload: HEIC photos from an iPhone', () => {
  it('a HEIC photo is decoded and stored as WebP of the same picture, without its EXIF', async () => {
    const heic = heicOf(await photo());
    expect(heic.toString('latin1', 4, 12)).toBe('ftypheic');
    expect(heic.includes(Buffer.from('secret-owner'))).toBe(true);
    const res = await upload(heic);
    expect(res).toMatchObject({ code: 1, data: { url: expect.stringMatching(/\.webp$/) } });
    const stored = storedOf(res.data?.url ?? '');
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 90, 60]);
    expect([meta.exif, meta.xmp, meta.iptc]).toEqual([undefined, undefined, undefined]);
    expect(stored.includes(Buffer.from('secret-owner'))).toBe(false);
    const { data } = await sharp(stored).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => Array.from(data.subarray((y * 90 + x) * 3, (y * 90 + x) * 3 + 3));
    // Red on the left, white on the right: the pixels are the photo's, not a blank or a stand-in.
    expect(pixel(10, 30)[0]).toBeGreaterThan(200);
    expect(pixel(10, 30)[1]).toBeLessThan(70);
    expect(pixel(80, 30).every((c) => c > 200)).toBe(true);
  });

  it('a large HEIC is scaled down to at most 1600 pixels on its longest side', async () => {
    const big = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#2266aa' } })
      .jpeg()
      .toBuffer();
    const res = await upload(heicOf(big));
    expect(res.code).toBe(1);
    const meta = await sharp(storedOf(res.data?.url ?? '')).metadata();
    expect([meta.width, meta.height]).toEqual([1600, 800]);
  });

  it('a HEIC whose header claims over 40 megapixels is refused before decoding, nothing stored', async () => {
    // 128 x 64: a size HEVC codes without padding, so no crop box (clap) narrows what ispe says.
    const plain = await sharp({ create: { width: 128, height: 64, channels: 3, background: '#808080' } })
      .jpeg()
      .toBuffer();
    const heic = heicOf(plain);
    // The image's spatial extent (ispe): version and flags, then width and height.
    const ispe = heic.indexOf('ispe');
    expect(ispe).toBeGreaterThan(0);
    const huge = Buffer.from(heic);
    huge.writeUInt32BE(8000, ispe + 8);
    huge.writeUInt32BE(5001, ispe + 12);
    expect(await sharp(huge).metadata()).toMatchObject({ format: 'heif', width: 8000, height: 5001 });
    const before = await rows();
    const res = await upload(huge, 'ja-JP');
    expect(res).toMatchObject({ code: 0, msg: translate('ja-JP', 'guard.uploadPixels'), data: null });
    expect(await rows()).toBe(before);
  });

  it('a broken HEIC (its coded picture cut off) gets the clear message and nothing is stored', async () => {
    const heic = heicOf(await photo());
    const mdat = heic.indexOf('mdat');
    expect(mdat).toBeGreaterThan(0);
    const before = await rows();
    for (const broken of [
      heic.subarray(0, mdat + 12),
      Buffer.concat([heic.subarray(0, mdat + 4), Buffer.alloc(heic.length - mdat - 4, 0x5a)]),
    ]) {
      const res = await upload(broken, 'de-DE');
      expect(res).toMatchObject({ code: 0, msg: translate('de-DE', 'errors.uploadImage'), data: null });
    }
    expect(await rows()).toBe(before);
  });
});
