/**
 * The service module's face: what the rest of the server uses of it. Other rooms import this file,
 * never one of the module's own files.
 */
export { serviceDesk, telegramDownload } from './desk';
export { serviceRoutes } from './routes';
export { serviceRelay } from './runtime';
