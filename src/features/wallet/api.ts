import { call, type Answer, type Params } from '../../api/call';
import type { RequestOptions } from '../../api/client';
import type { EndpointPrefix } from '../../api/query-client';

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
export const AFTER_TOP_UP = ['wallet.', 'user.getUserInfo'] as const satisfies readonly EndpointPrefix[];

export type Blockchain = Answer<'wallet.getBlockchain'>;
export type Network = Blockchain['list'][number];
/** The shop's bank account for a manual top-up, with this shopper's reference. */
export type BankDetails = NonNullable<Blockchain['bank']>;
export type RechargeParams = Params<'wallet.recharge'>;

export const walletApi = {
  getBlockchain: () => call('wallet.getBlockchain', {}, quiet),
  bill: (params: Params<'wallet.bill'>) => call('wallet.bill', params, quiet),
  rechargeLog: (params: Params<'wallet.rechargeLog'>) => call('wallet.rechargeLog', params, quiet),
  extractLog: (params: Params<'wallet.extractLog'>) => call('wallet.extractLog', params, quiet),
  extractInfo: () => call('wallet.extractInfo', {}, quiet),
};
