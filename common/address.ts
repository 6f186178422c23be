/**
 * Shipping addresses' shared limits, without the request schemas (common/schemas/address.ts): the
 * address list imports these alone, so its screen does not load the validation library.
 */
export const ADDRESS_TAGS = ['home', 'company', 'other'] as const;
export const MAX_ADDRESSES = 20;
