/**
 * After-sale refunds: the request's choices and the refund's own states, shared by the
 * server, which decides, and the Mini App, which offers the same choices.
 *
 * States: applying -> refunded (refund only, the operator approves and the money is credited at
 * once) or applying -> waitingGoods (return and refund: approved, the shopper sends the goods to
 * the return address and enters carrier and tracking number) -> refunding (goods on their way
 * back) -> refunded (the operator received them: credited, stock returned). From applying the
 * operator may refuse instead: refused, the order back to the status it had, no new request.
 */
export const REFUND_SERVICE_TYPES = ['refund', 'return'] as const;
export type RefundServiceType = (typeof REFUND_SERVICE_TYPES)[number];

export const REFUND_RECEIVING = ['received', 'notReceived'] as const;
export type RefundReceiving = (typeof REFUND_RECEIVING)[number];

export const REFUND_STATES = ['applying', 'waitingGoods', 'refunding', 'refunded', 'refused'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/** The reasons a shopper picks from; each is a text under "refund.reasons" in the locale files. */
export const REFUND_REASONS = [
  'notAsDescribed',
  'damaged',
  'wrongItem',
  'missingParts',
  'quality',
  'notReceived',
  'noLongerNeeded',
  'other',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** Proof pictures a request carries: at least one, at most six. */
export const REFUND_IMAGES = { min: 1, max: 6 } as const;

/** Longest explanation, in characters. */
export const REFUND_EXPLAIN_MAX = 500;
