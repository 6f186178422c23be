import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

/**
 * Rasterises an SVG to WebP once and keeps the result under DATA_DIR/cache/img, named by the hash
 * of the SVG: drawing is cheap, rasterising is not, and a picture whose drawing changed (another
 * database, a new version of the art) can never be answered from a stale file. Concurrent requests
 * for the same missing file share one rendering. The folder may be deleted at any time.
 */
const inFlight = new Map<string, Promise<Buffer>>();

export function cacheFile(dataDir: string, svg: string): string {
  const digest = createHash('sha256').update(svg).digest('hex').slice(0, 40);
  return path.resolve(dataDir, 'cache', 'img', digest.slice(0, 2), `${digest}.webp`);
}

async function render(file: string, svg: string): Promise<Buffer> {
  const webp = await sharp(Buffer.from(svg)).webp({ quality: 82 }).toBuffer();
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temp, webp);
  await rename(temp, file);
  return webp;
}

export async function webpOf(dataDir: string, svg: string): Promise<Buffer> {
  const file = cacheFile(dataDir, svg);
  try {
    return await readFile(file);
  } catch {
    // not rendered yet
  }
  let job = inFlight.get(file);
  if (!job) {
    job = render(file, svg).finally(() => inFlight.delete(file));
    inFlight.set(file, job);
  }
  return job;
}
