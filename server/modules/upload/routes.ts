import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import sharp from 'sharp';
import { uploads } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { currentUser, ok, requireUser } from '../../lib/http';

/** Longest side of a stored picture; the original is never kept (it may carry location metadata). */
const MAX_SIDE = 1600;

/** POST /api/upload: one image (multipart field "file") -> { url }. Stored as WebP without metadata. */
export const uploadRoutes: FastifyPluginAsync = async (app) => {
  app.post(
    '/upload',
    { schema: { tags: ['upload'], security: [{ token: [] }] }, preHandler: requireUser },
    async (request) => {
      const user = currentUser(request);
      if (!request.isMultipart()) throw new AppError('errors.uploadImage');
      const file = await request.file();
      if (!file) throw new AppError('errors.uploadImage');
      const input = await file.toBuffer();
      let output: Buffer;
      try {
        output = await sharp(input, { limitInputPixels: 50_000_000 })
          .rotate()
          .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer();
      } catch {
        throw new AppError('errors.uploadImage');
      }
      const month = new Date().toISOString().slice(0, 7);
      const name = `${randomBytes(12).toString('hex')}.webp`;
      const dir = path.resolve(app.config.DATA_DIR, 'uploads', month);
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, name), output);
      const url = `/uploads/${month}/${name}`;
      await app.database.db.insert(uploads).values({ userId: user.id, path: url, bytes: output.length });
      return ok(request, { url });
    },
  );
};
