// Decodes one HEIC in a worker thread (server/modules/upload/heic.ts): libheif in WebAssembly works
// synchronously for seconds on a phone photo, which must not stall every other request. Plain
// JavaScript, so the worker needs no TypeScript loader. Answers { width, height, data } (RGBA) or
// { error: 'pixels' | 'broken' }.
import { parentPort, workerData } from 'node:worker_threads';
import decodeHeic from 'heic-decode';

const { input, maxPixels } = workerData;
let images;
try {
  images = await decodeHeic.all({ buffer: input });
} catch {
  parentPort.postMessage({ error: 'broken' });
}
if (images) {
  try {
    // The primary picture comes first; the rest (thumbnails, bursts) are never decoded.
    const first = images[0];
    if (!first) parentPort.postMessage({ error: 'broken' });
    else if (!first.width || !first.height || first.width * first.height > maxPixels)
      parentPort.postMessage({ error: 'pixels' });
    else {
      const { width, height, data } = await first.decode();
      parentPort.postMessage({ width, height, data }, [data.buffer]);
    }
  } catch {
    parentPort.postMessage({ error: 'broken' });
  } finally {
    images.dispose();
  }
}
