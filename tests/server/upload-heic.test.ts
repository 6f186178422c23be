import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../server/db/schema';
import { translate } from '../../server/lib/i18n';
import {
  configurePictures,
  picturesLoad,
  toStoredWebp,
  withPictureSlot,
} from '../../server/modules/upload/image';
import { createTestAppWithDataDir } from '../support/app';
import { useApp } from '../support/use-app';

// Real HEIC files, made here by libheif's encoder (Debian's libheif-examples: heif-enc with x265),
// the same container and HEVC coding an iPhone writes.
const t = useApp(() => createTestAppWithDataDir('heic'));
let user: { token: string; id: number };
beforeAll(async () => {
  user = await t.register('iphoneuser');
});

/** A HEIC of the given JPEG, encoded by heif-enc. */
function heicOf(jpeg: Buffer): Buffer {
  const src = path.join(t.dataDir, `src-${Math.random().toString(36).slice(2)}.jpg`);
  const out = src.replace(/\.jpg$/, '.heic');
  writeFileSync(src, jpeg);
  execFileSync('heif-enc', ['-q', '80', src, '-o', out], { stdio: 'pipe' });
  const heic = readFileSync(out);
  rmSync(src);
  rmSync(out);
  return heic;
}

async function uploadAnswer(data: Buffer, lang = 'en-US') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type: 'image/heic' }), 'IMG_0001.HEIC');
  const { status, ...body } = await t.endpoint<{ url: string } | null>('upload.image', {
    token: user.token,
    lang,
    body: form,
  });
  return { status, body };
}

const upload = async (data: Buffer, lang = 'en-US') => (await uploadAnswer(data, lang)).body;

const rows = async () =>
  Number((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(uploads))[0].n);

/** The stored picture of an upload's url, read from disk. */
const storedOf = (url: string) => {
  const [, month, file] = /(\d{4}-\d{2})\/([0-9a-f]{24}\.webp)$/.exec(url) ?? [];
  for (const folder of ['pending', 'uploads', 'evidence']) {
    try {
      return readFileSync(path.join(t.dataDir, folder, month, file));
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

/**
 * The HEIC with an irot box (rotate angle x 90 degrees anticlockwise) added to its one picture, as
 * an iPhone held sideways writes it. heif-enc cannot write one, so the boxes are patched: the
 * property goes last in ipco, the picture's ipma entry names it, the sizes of the boxes around it
 * grow, and iloc's offset of the coded data (in mdat, after meta) moves by the bytes added.
 */
function withRotation(heic: Buffer, angle: number): Buffer {
  const at = (type: string) => heic.indexOf(type) - 4;
  const [ipco, ipma, iloc] = [at('ipco'), at('ipma'), at('iloc')];
  // iloc version 0 with 4-byte offsets, lengths and base offset, one picture: what heif-enc writes.
  expect([heic[iloc + 8], heic[iloc + 12], heic[iloc + 13], heic.readUInt16BE(iloc + 14)]).toEqual([
    0, 0x44, 0x40, 1,
  ]);
  expect([heic[ipma + 8], heic.readUInt32BE(ipma + 12)]).toEqual([0, 1]);
  const ipcoEnd = ipco + heic.readUInt32BE(ipco);
  const ipmaEnd = ipma + heic.readUInt32BE(ipma);
  let properties = 0;
  for (let i = ipco + 8; i < ipcoEnd; i += heic.readUInt32BE(i)) properties += 1;
  const irot = Buffer.concat([
    Buffer.from([0, 0, 0, 9]),
    Buffer.from('irot', 'latin1'),
    Buffer.from([angle]),
  ]);
  const out = Buffer.concat([
    heic.subarray(0, ipcoEnd),
    irot,
    heic.subarray(ipcoEnd, ipmaEnd),
    Buffer.from([0x80 | (properties + 1)]), // essential, the new property's 1-based index
    heic.subarray(ipmaEnd),
  ]);
  const grow = (pos: number, by: number) => out.writeUInt32BE(out.readUInt32BE(pos) + by, pos);
  grow(at('meta'), 10);
  grow(at('iprp'), 10);
  grow(ipco, 9);
  grow(ipma + 9, 1);
  out[ipma + 9 + 18] += 1; // the picture's association count
  grow(iloc + 20, 10); // the base offset of the picture's coded data
  return out;
}

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

  it("the container's rotation (irot) is applied: a sideways HEIC is stored upright", async () => {
    // 128 x 64, left half red; irot 1 turns it 90 degrees anticlockwise: 64 x 128, red below.
    const jpeg = await sharp({ create: { width: 128, height: 64, channels: 3, background: '#ffffff' } })
      .composite([
        { input: { create: { width: 64, height: 64, channels: 3, background: '#ff0000' } }, left: 0, top: 0 },
      ])
      .jpeg({ quality: 95 })
      .toBuffer();
    const heic = withRotation(heicOf(jpeg), 1);
    expect(await sharp(heic).metadata()).toMatchObject({ width: 64, height: 128 });
    const res = await upload(heic);
    expect(res.code).toBe(1);
    const stored = storedOf(res.data?.url ?? '');
    const { data, info } = await sharp(stored).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([64, 128]);
    const pixel = (x: number, y: number) => Array.from(data.subarray((y * 64 + x) * 3, (y * 64 + x) * 3 + 3));
    expect(pixel(32, 20).every((c) => c > 200)).toBe(true);
    expect(pixel(32, 108)[0]).toBeGreaterThan(200);
    expect(pixel(32, 108)[1]).toBeLessThan(70);
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

describe('upload: pictures decode a few at a time', () => {
  it('past the slot and its queue a picture is refused as busy at once, nothing stored; the queued one is stored', async () => {
    const defaults = configurePictures({ concurrency: 1, queueLimit: 1 });
    const heic = heicOf(await photo());
    let release = () => {};
    // Another picture holds the one slot until the test lets it go.
    const held = withPictureSlot(() => new Promise<void>((resolve) => (release = resolve)));
    try {
      const before = await rows();
      const queued = uploadAnswer(heic);
      await expect.poll(() => picturesLoad(), { timeout: 10_000 }).toEqual({ running: 1, waiting: 1 });

      const refused = await uploadAnswer(heic, 'de-DE');
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({
        code: 0,
        error: 'errors.uploadBusy',
        msg: translate('de-DE', 'errors.uploadBusy'),
        data: null,
      });
      expect(refused.body.msg).toContain('Bild');
      expect(picturesLoad()).toEqual({ running: 1, waiting: 1 });
      // An operator's photo from the chat cannot be sent again: it waits past the queue's end.
      const operatorPhoto = toStoredWebp(await photo(), { alwaysWait: true });
      await expect.poll(() => picturesLoad(), { timeout: 10_000 }).toEqual({ running: 1, waiting: 2 });

      release();
      expect((await sharp(await operatorPhoto).metadata()).format).toBe('webp');
      const stored = await queued;
      expect(stored.status).toBe(200);
      expect(stored.body.code).toBe(1);
      expect(await rows()).toBe(before + 1);
      expect(picturesLoad()).toEqual({ running: 0, waiting: 0 });
    } finally {
      release();
      await held;
      configurePictures(defaults);
    }
  });

  it('eight HEIC photos at once never decode more than the slots allow', async () => {
    const defaults = configurePictures({ concurrency: 2, queueLimit: 8 });
    const heic = heicOf(await photo());
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, picturesLoad().running)), 5);
    try {
      const answers = await Promise.all(Array.from({ length: 8 }, () => upload(heic)));
      expect(answers.map((a) => a.code)).toEqual(Array(8).fill(1));
    } finally {
      clearInterval(watch);
      configurePictures(defaults);
    }
    expect(most).toBeGreaterThanOrEqual(1);
    expect(most).toBeLessThanOrEqual(2);
  });
});
