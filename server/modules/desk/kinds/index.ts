import type { DeskKind } from '../types';
import { orderKind } from './order';
import { rechargeKind } from './recharge';
import { withdrawalKind } from './withdrawal';

/**
 * Every kind of post the desk knows. A new kind (refund requests: approve, refuse with a reason,
 * goods received, through server/modules/operator's refund services) is one entry here, its texts
 * in the `desk` section, and a postToDesk(tx, '<kind>', ids) where its event is written.
 */
export const DESK_KINDS = {
  recharge: rechargeKind,
  withdrawal: withdrawalKind,
  order: orderKind,
} satisfies Record<string, DeskKind>;

export type DeskKindName = keyof typeof DESK_KINDS;

export const isDeskKind = (name: string): name is DeskKindName => Object.hasOwn(DESK_KINDS, name);
