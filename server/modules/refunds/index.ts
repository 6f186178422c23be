/**
 * Refunds: the shopper asks (routes.ts, apply.ts, return-goods.ts), the operator decides
 * (operator.ts: approve, refuse, receive the returned goods, list).
 */
export {
  approveRefund,
  listRefunds,
  receiveRefund,
  refuseRefund,
  type DecideParams,
  type ListRefundsParams,
  type OperatorRefund,
  type RefundDecided,
  type RefundPage,
} from './operator';
