/**
 * Orders' operator actions: list every shopper's orders, ship one, add a tracking event. The
 * shopper's side is routes.ts.
 */
export { listOrders, type ListOrdersParams, type OperatorOrder, type OrderPage } from './operator-list';
export { ship, type ShipParams, type Shipped } from './operator-ship';
export { track, type TrackParams, type Tracked } from './operator-track';

// What other rooms use of this module (its face: they import nothing else of it).
export { orderDetail } from './detail';
export { pendingOrderCounts } from './list';
export { refundableMax } from './refundable';
export { orderRoutes } from './routes';
export { returnStock, stockValue, TAKE_STOCK, type StockShort } from './stock';
export { moveOrders, transitionStatement } from './transition';
