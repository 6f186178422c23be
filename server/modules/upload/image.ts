import { availableParallelism } from 'node:os';
import sharp, { type Metadata } from 'sharp';
import { AppError, TooManyError } from '../../lib/errors';
import { createSlots } from '../../lib/slots';
import { heicToSharp } from './heic';

/** Longest side of a stored picture; the original is never kept (it may carry location metadata). */
const MAX_SIDE = 1600;
/** The most pixels a picture may have: a small file may still unpack into gigabytes (a bomb). */
export const MAX_PIXELS = 40_000_000;

/**
 * Decoding is where a picture takes its memory (a 36-megapixel HEIC unpacks to some 400 MB in
 * libheif and sharp) and its seconds: every picture a request sends, from the shopper's uploads or
 * the customer-service desk, decodes in one of these few slots (one on a 2-core machine, two on
 * more), a short queue waits behind them, and one more is told to send it again in a moment
 * (429, errors.uploadBusy) before anything is decoded.
 */
const pictureLimits = {
  concurrency: Math.max(1, Math.min(2, availableParallelism() - 1)),
  queueLimit: 8,
};
const pictureSlots = createSlots(
  () => pictureLimits,
  () => new TooManyError('errors.uploadBusy'),
);

/** Tests narrow the slots and the queue (and put back what this answers); the server keeps the defaults. */
export function configurePictures(limits: Partial<typeof pictureLimits>): typeof pictureLimits {
  const before = { ...pictureLimits };
  Object.assign(pictureLimits, limits);
  return before;
}

/** Pictures decoding and waiting now. */
export const picturesLoad = () => pictureSlots.load();

/** Runs picture work in one of the slots (or waits, or is refused as busy). */
export const withPictureSlot = <T>(work: () => Promise<T>, opts?: { alwaysWait?: boolean }): Promise<T> =>
  pictureSlots.run(work, opts);

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'heif';

const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

/**
 * The picture format the first bytes announce, or undefined. Only JPEG, PNG, WebP and HEIC are
 * taken: the name and the declared type of a file are the client's to choose, its content is not
 * (SVG, GIF, TIFF, AVIF and anything else never reach a decoder).
 */
export function sniffFormat(head: Buffer): ImageFormat | undefined {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (head.toString('latin1', 4, 8) === 'ftyp' && HEIC_BRANDS.has(head.toString('latin1', 8, 12)))
    return 'heif';
  return undefined;
}

/**
 * One uploaded picture made safe: the format checked by content, the size checked from the header
 * before anything is decoded, then decoded (within the pixel limit), turned upright, scaled to at
 * most MAX_SIDE and written as WebP without metadata. A file whose content says one format and
 * whose decoder says another (a polyglot) is refused. `alwaysWait`: the picture waits for a slot
 * however long the queue, for pictures that cannot be sent again (an operator's photo in the chat).
 */
export async function toStoredWebp(input: Buffer, opts: { alwaysWait?: boolean } = {}): Promise<Buffer> {
  const format = sniffFormat(input);
  if (!format) throw new AppError('guard.uploadFormat');
  const options = { limitInputPixels: MAX_PIXELS, failOn: 'error' as const };
  let meta: Metadata;
  try {
    // The header only, no pixels decoded: so an oversized picture gets its own message below.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('errors.uploadImage');
  }
  // HEIC shares its container with AVIF: only HEVC-coded HEIF is HEIC.
  if (meta.format !== format || (format === 'heif' && meta.compression !== 'hevc'))
    throw new AppError('guard.uploadFormat');
  if (!meta.width || !meta.height || meta.width * meta.height > MAX_PIXELS)
    throw new AppError('guard.uploadPixels');
  return withPictureSlot(async () => {
    // sharp reads a HEIC's header but cannot decode HEVC: its pixels come from libheif (./heic.ts).
    const decoder = format === 'heif' ? await heicToSharp(input, MAX_PIXELS) : sharp(input, options).rotate();
    try {
      return await decoder
        .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
    } catch {
      throw new AppError('errors.uploadImage');
    }
  }, opts);
}
