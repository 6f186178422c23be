/**
 * The upload module's face: what the rest of the server uses of it. Other rooms import this file,
 * never one of the module's own files.
 */
export { evidenceLink, evidenceRoutes, pictureLink } from './evidence';
export { toStoredWebp } from './image';
export { MAX_UPLOAD_BYTES, uploadRoutes } from './routes';
export { storeUpload, uploadFile } from './storage';
export { takeUploads, useAsAvatar, withFileMoves } from './take';
export type { FileMove } from './take';
