import decodeHeic from 'heic-decode';
import sharp, { type Sharp } from 'sharp';
import { AppError } from '../../lib/errors';

/**
 * HEIC (what iPhones send) decoded by libheif compiled to WebAssembly (heic-decode): the sharp
 * prebuilt for this server has no HEVC decoder. libheif applies the container's rotation and mirror
 * (irot, imir) while decoding, so the pixels come out upright; an EXIF orientation inside a HEIC is
 * not meant for display (HEIF says the container's boxes rule) and is dropped with the rest of the
 * metadata. The pixel count is checked from the image handle before a single pixel is decoded.
 */
export async function heicToSharp(input: Buffer, maxPixels: number): Promise<Sharp> {
  let images: Awaited<ReturnType<typeof decodeHeic.all>>;
  try {
    images = await decodeHeic.all({ buffer: input });
  } catch {
    throw new AppError('errors.uploadImage');
  }
  try {
    // The primary picture comes first; the rest (thumbnails, bursts) are never decoded.
    const first = images[0];
    if (!first) throw new AppError('errors.uploadImage');
    if (!first.width || !first.height || first.width * first.height > maxPixels)
      throw new AppError('guard.uploadPixels');
    let pixels: { width: number; height: number; data: Uint8ClampedArray };
    try {
      pixels = await first.decode();
    } catch {
      throw new AppError('errors.uploadImage');
    }
    const raw = { width: pixels.width, height: pixels.height, channels: 4 as const };
    return sharp(Buffer.from(pixels.data.buffer, pixels.data.byteOffset, pixels.data.byteLength), {
      raw,
      limitInputPixels: maxPixels,
    });
  } finally {
    images.dispose();
  }
}
