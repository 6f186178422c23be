import { call } from '../../api/call';
import type { RequestOptions } from '../../api/client';

/**
 * The address calls, one small function per endpoint of the contract (common/api): paths and types
 * come from there through call(). Reads do not toast their failures (each screen shows its own
 * error state); the helpers' (telegramContact, areaAt) toast the server's message through the
 * client. The bag's and the addresses' changes go through useEndpointMutation (src/api).
 */
const quiet: RequestOptions = { showError: false };

export const addressApi = {
  list: () => call('address.list', {}, quiet),
  get: (id: number) => call('address.get', { id }, quiet),
  /** Every country (no argument), or one country's regions (empty: free text). */
  area: (country?: string) => call('address.area', country ? { country } : {}, quiet),
  /** The shopper's phone number from the contact Telegram signed (a refusal is toasted). */
  telegramContact: (contact: string) => call('address.telegramContact', { contact }),
  /** The country at the phone's position (a refusal is toasted). */
  areaAt: (latitude: number, longitude: number) => call('address.areaAt', { latitude, longitude }),
};
