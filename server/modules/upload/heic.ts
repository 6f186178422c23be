import path from 'node:path';
import { Worker } from 'node:worker_threads';
import sharp, { type Sharp } from 'sharp';
import { AppError } from '../../lib/errors';
import { ROOT } from '../../lib/root';

const HEIC_WORKER = path.join(ROOT, 'server', 'modules', 'upload', 'heic-worker.mjs');

type Decoded = { width: number; height: number; data: Uint8ClampedArray } | { error: 'pixels' | 'broken' };

/**
 * HEIC (what iPhones send) decoded by libheif compiled to WebAssembly (heic-decode): the sharp
 * prebuilt for this server has no HEVC decoder. The decoding runs in a worker thread of its own
 * (./heic-worker.mjs): it takes seconds for a phone photo and would otherwise hold up every other
 * request. libheif applies the container's rotation and mirror (irot, imir) while decoding, so the
 * pixels come out upright; an EXIF orientation inside a HEIC is not meant for display (HEIF says
 * the container's boxes rule) and is dropped with the rest of the metadata. The pixel count is
 * checked from the image handle before a single pixel is decoded.
 */
export async function heicToSharp(input: Buffer, maxPixels: number): Promise<Sharp> {
  const decoded = await new Promise<Decoded>((resolve) => {
    const worker = new Worker(HEIC_WORKER, {
      workerData: { input, maxPixels },
    });
    worker.once('message', (m: Decoded) => {
      resolve(m);
      void worker.terminate();
    });
    // A crash or an exit without an answer (out of memory) is a picture that cannot be read.
    worker.once('error', () => resolve({ error: 'broken' }));
    worker.once('exit', () => resolve({ error: 'broken' }));
  });
  if ('error' in decoded)
    throw new AppError(decoded.error === 'pixels' ? 'guard.uploadPixels' : 'errors.uploadImage');
  const { width, height, data } = decoded;
  return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
    raw: { width, height, channels: 4 },
    limitInputPixels: maxPixels,
  });
}
