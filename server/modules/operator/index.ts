/**
 * The operator's actions (DESIGN section 2), one service per file, each taking the database handle
 * first and answering a plain result. The command line (server/admin) and the bot call these same
 * functions; a refusal is an OperatorError with an English message and a stable code.
 */
export { credit } from './credit';
export { debit } from './debit';
export type { AdjustParams, Adjusted } from './adjust';
export { listOrders, type ListOrdersParams, type OperatorOrder, type OrderPage } from './list-orders';
export { ship, type ShipParams, type Shipped } from './ship';
export { track, type TrackParams, type Tracked } from './track';
export {
  getSettings,
  setSetting,
  type SetSettingParams,
  type SettingChanged,
  type SettingView,
} from './settings';
export {
  clearBankDetails,
  getBankDetails,
  setBankDetails,
  type BankDetailsChanged,
  type BankDetailsChanges,
  type BankDetailsSetting,
} from './bank-details';
export { findShopper, type Shopper } from './shopper';
export {
  listRecharges,
  passRecharge,
  refuseRecharge,
  type OperatorRecharge,
  type RechargeDecided,
  type RechargePage,
} from './recharges';
export {
  listWithdrawals,
  passWithdrawal,
  refuseWithdrawal,
  revealCard,
  type OperatorWithdrawal,
  type RevealedCard,
  type WithdrawalDecided,
  type WithdrawalPage,
} from './withdrawals';
export { addNetwork, listNetworks, setNetwork, type NetworkFields, type OperatorNetwork } from './networks';
export { OperatorError, describeRefusal } from './errors';
export { auditLabel, statusLabel } from './labels';
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
} from './refunds';
