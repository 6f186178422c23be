/**
 * The cart module's face: what the rest of the server uses of it. Other rooms import this file,
 * never one of the module's own files.
 */
export { cartRoutes } from './routes';
export { withProducts } from './lines-query';
