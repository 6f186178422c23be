/**
 * The wallet's operator actions: balance adjustments, top-ups and withdrawals to audit, the bank
 * account shown for transfers and the on-chain networks. The shopper's side is routes.ts.
 */
export { credit, debit, type AdjustParams, type Adjusted } from './operator-adjust';
export {
  clearBankDetails,
  getBankDetails,
  setBankDetails,
  type BankDetailsChanged,
  type BankDetailsChanges,
  type BankDetailsSetting,
} from './operator-bank';
export {
  addNetwork,
  listNetworks,
  setNetwork,
  type NetworkFields,
  type OperatorNetwork,
} from './operator-networks';
export {
  listRecharges,
  passRecharge,
  refuseRecharge,
  type OperatorRecharge,
  type RechargeDecided,
  type RechargePage,
} from './operator-recharges';
export {
  listWithdrawals,
  passWithdrawal,
  refuseWithdrawal,
  revealCard,
  type OperatorWithdrawal,
  type RevealedCard,
  type WithdrawalDecided,
  type WithdrawalPage,
} from './operator-withdrawals';

// What other rooms use of this module (its face: they import nothing else of it).
export { BANK_REFERENCE_PREFIX, bankReference } from './bank';
export { checkPreCheckout, creditCardPayment } from './card-payments';
export type { OrderPayments } from './card-payments';
export { limitInvoices, linkInvoice, refuseWithoutTelegram, telegramInvoices } from './card-topup';
export type { InvoiceMaker } from './card-topup';
export { DuplicateMovementError, InsufficientBalanceError, moveMoney } from './ledger';
export { refuseDemoTopUp } from './recharge';
export { destinationLabel } from './records';
export { walletRoutes } from './routes';
export { isUniqueViolation } from './unique';
