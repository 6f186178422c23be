import type { DeskKindName } from '@server/lib/desk-posts';
import type { DeskKind } from '../types';
import { orderKind } from './order';
import { rechargeKind } from './recharge';
import { refundKind } from './refund';
import { withdrawalKind } from './withdrawal';

/**
 * Every kind of post the desk knows. A new kind is one entry here, its texts in the `desk`
 * section, and a postToDesk(tx, '<kind>', ids) where its event is written.
 */
export const DESK_KINDS = {
  recharge: rechargeKind,
  withdrawal: withdrawalKind,
  order: orderKind,
  refund: refundKind,
} satisfies Record<DeskKindName, DeskKind>;

export type { DeskKindName };

export const isDeskKind = (name: string): name is DeskKindName => Object.hasOwn(DESK_KINDS, name);
