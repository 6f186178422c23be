import { call, type Answer, type Params } from '../../api/call';
import type { RequestOptions } from '../../api/client';

/** The wallet's calls. Reads do not toast: each screen shows its state. */
const quiet: RequestOptions = { showError: false };

export type BillAnswer = Answer<'wallet.bill'>;
export type BillEntry = BillAnswer['list'][number];
export type RechargeLog = Answer<'wallet.rechargeLog'>;
export type ExtractLog = Answer<'wallet.extractLog'>;
export type ExtractInfo = Answer<'wallet.extractInfo'>;
export type NetworkItem = ExtractInfo['networks'][number];
export type PayoutMethod = ExtractInfo['methods'][number];
export type ExtractAnswer = Answer<'wallet.extract'>;

/** What a top-up changes: its records, the bill, the balance shown elsewhere. */
export const AFTER_TOP_UP = ['wallet.', 'user.getUserInfo'] as const;

export type Blockchain = Answer<'wallet.getBlockchain'>;
export type Network = Blockchain['list'][number];
/** The shop's bank account for a manual top-up, with this shopper's reference. */
export type BankDetails = NonNullable<Blockchain['bank']>;
export type RechargeParams = Params<'wallet.recharge'>;

export const walletApi = {
  getBlockchain: () => call('wallet.getBlockchain', {}, quiet),
  /** An on-chain or manual top-up; `key` is the intent's Idempotency-Key (src/api/idempotency.ts). */
  recharge: (body: RechargeParams, key: string) => call('wallet.recharge', body, { idempotencyKey: key }),
  /** A card top-up: its Telegram invoice link. */
  rechargeCard: (amount: string, key: string) =>
    call('wallet.rechargeCard', { amount }, { idempotencyKey: key }),
  bill: (params: Params<'wallet.bill'>) => call('wallet.bill', params, quiet),
  rechargeLog: (params: Params<'wallet.rechargeLog'>) => call('wallet.rechargeLog', params, quiet),
  extractLog: (params: Params<'wallet.extractLog'>) => call('wallet.extractLog', params, quiet),
  extractInfo: () => call('wallet.extractInfo', {}, quiet),
};
