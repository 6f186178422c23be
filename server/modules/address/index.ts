/**
 * The address module's face: what the rest of the server uses of it. Other rooms import this file,
 * never one of the module's own files.
 */
export { regionName } from './areas';
export { toAddressItem } from './addresses';
export { addressRoutes } from './routes';
