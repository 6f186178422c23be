import { call, type Params } from '../../api/call';
import type { RequestOptions } from '../../api/client';

/**
 * The cart and address calls, one small function per endpoint of the contract (common/api): paths
 * and types come from there through call(). Reads do not toast their failures (each screen shows
 * its own error state); writes toast the server's message through the client. Setting a quantity
 * or the selection sends an absolute value, so the same call twice in a second is no double
 * submit: those skip the duplicate guard (a stepper tapped up and down again sends the same body).
 */
const quiet: RequestOptions = { showError: false };
const absolute: RequestOptions = { repeatSubmit: false };

export type SelectParams = Params<'cart.select'>;
export type AddressForm = Params<'address.save'>;

export const cartApi = {
  index: () => call('cart.index', {}, quiet),
  setNum: (cartId: number, num: number) => call('cart.setNum', { cart_id: cartId, num }, absolute),
  del: (cartIds: number[]) => call('cart.del', { cart_ids: cartIds }),
  select: (params: SelectParams) => call('cart.select', params, absolute),
};

export const addressApi = {
  list: () => call('address.list', {}, quiet),
  get: (id: number) => call('address.get', { id }, quiet),
  save: (form: AddressForm) => call('address.save', form),
  setDefault: (id: number) => call('address.setDefault', { id }),
  del: (id: number) => call('address.del', { id }),
  /** Every country (no argument), or one country's regions (empty: free text). */
  area: (country?: string) => call('address.area', country ? { country } : {}, quiet),
  /** The shopper's phone number from the contact Telegram signed (a refusal is toasted). */
  telegramContact: (contact: string) => call('address.telegramContact', { contact }),
  /** The country at the phone's position (a refusal is toasted). */
  areaAt: (latitude: number, longitude: number) => call('address.areaAt', { latitude, longitude }),
};
