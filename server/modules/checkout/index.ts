/**
 * The checkout module's face: what the rest of the server uses of it. Other rooms import this file,
 * never one of the module's own files.
 */
export { refuseChangedOrders, settleCardPayment } from './card';
export { createPromo, disablePromo, listPromos } from './promo';
export type { PromoRow } from './promo';
export { checkoutRoutes } from './routes';
