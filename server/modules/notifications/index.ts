/**
 * The notifications module's face: what the rest of the server uses of it. Other rooms import this file,
 * never one of the module's own files.
 */
export { notifyGroup } from './groups';
export type { NotifyGroup } from './groups';
export { notificationRoutes } from './routes';
export { noteWriteAccess } from './settings';
export { notificationLink, notificationText } from './texts';
