/**
 * Refunds: the shopper asks (routes.ts, apply.ts, return-goods.ts), the operator decides
 * (operator-decide.ts: approve, refuse, receive the returned goods) and lists (operator-list.ts).
 */
export {
  approveRefund,
  receiveRefund,
  refuseRefund,
  type DecideParams,
  type RefundDecided,
} from './operator-decide';
export { listRefunds, type ListRefundsParams, type OperatorRefund, type RefundPage } from './operator-list';

// What other rooms use of this module (its face: they import nothing else of it).
export { refundRoutes } from './routes';
