import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { currentUser } from '../../lib/http';
import { serve } from '../../lib/serve';
import { evidenceLink } from './evidence';
import { toStoredWebp } from './image';
import { bytesToday, storeUpload, takeUploadSlot } from './storage';

/** Largest file accepted, in bytes (the multipart plugin answers 413 past it). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** The part of a multipart body, or a refusal: a cut-off or malformed form is the client's fault. */
async function readFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('errors.uploadImage');
  try {
    const file = await request.file();
    if (!file) throw new AppError('errors.uploadImage');
    return await file.toBuffer();
  } catch (e) {
    if (e instanceof AppError) throw e;
    if ((e as { statusCode?: number }).statusCode === 413) throw e;
    request.log.info({ err: e }, 'upload body refused');
    throw new AppError('guard.uploadBroken');
  }
}

/**
 * POST /api/upload: one picture (multipart field "file") -> { url, preview }. Limited per shopper
 * (a rate and a daily byte quota), checked by content, stored as WebP without metadata. It stays
 * pending and private (`preview` is a signed link to show it meanwhile) until something takes it by
 * `url`: a profile, a review, a top-up, a refund or a message (take.ts); unused uploads are swept
 * after a day (server/jobs).
 */
export const uploadRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const { DATA_DIR, UPLOAD_RATE, UPLOAD_DAILY_BYTES } = app.config;
  serve(app, 'upload.image', async (_form, request) => {
    const user = currentUser(request);
    await takeUploadSlot(db, user.id, UPLOAD_RATE);
    if ((await bytesToday(db, user.id)) >= UPLOAD_DAILY_BYTES) throw new AppError('guard.uploadQuota');
    const webp = await toStoredWebp(await readFile(request));
    const url = await storeUpload(db, {
      dataDir: DATA_DIR,
      userId: user.id,
      webp,
      dailyBytes: UPLOAD_DAILY_BYTES,
    });
    return { url, preview: evidenceLink(url) };
  });
};
