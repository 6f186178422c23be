import { ADDRESS_TEXT, fitsAddressPattern, TX_HASH_TEXT } from './wallet';

/**
 * What a QR code scanned with Telegram's scanner holds, read for the wallet's fields: an on-chain
 * address (a withdrawal's destination, a top-up's sending address) or a transaction hash. A code is
 * checked before it fills a field, so a wrong code says so instead of being sent.
 */

/**
 * The address a code holds: the text itself, or the recipient of a payment link, as wallets show
 * them: BIP 21 (`bitcoin:<address>?amount=1`), EIP 681 (`ethereum:<address>@1`, and a token's
 * `ethereum:<token>@1/transfer?address=<recipient>`), `tron:<address>`. A web address stays whole
 * (and is no address).
 */
export function addressInQr(text: string): string {
  const trimmed = text.trim();
  const link = /^[a-z][a-z0-9+.-]*:(?!\/\/)(.+)$/i.exec(trimmed);
  if (!link) return trimmed;
  const [target, query = ''] = link[1].split('?', 2);
  const recipient = new URLSearchParams(query).get('address');
  if (/\/transfer$/i.test(target) && recipient) return recipient.trim();
  return target.replace(/\/.*$/, '').replace(/@\d+$/, '');
}

interface Network {
  name: string;
  addressPattern: string | null;
}

export type AddressScan<N extends Network> =
  /** The address, and the one offered network it fits when none was chosen yet. */
  | { address: string; network?: N }
  /** No address in the code at all. */
  | { problem: 'notAddress' }
  /** An address of another offered network than the one chosen. */
  | { problem: 'otherNetwork'; network: N }
  /** Something like an address, but of no offered network. */
  | { problem: 'notOnNetwork' };

/**
 * Reads a scanned code for an address field: on the `chosen` network, or, while none is chosen,
 * picking the network when exactly one of `networks` has addresses like it.
 */
export function readScannedAddress<N extends Network>(
  text: string,
  chosen: N | undefined,
  networks: readonly N[],
): AddressScan<N> {
  const address = addressInQr(text);
  if (!ADDRESS_TEXT.test(address)) return { problem: 'notAddress' };
  const fitting = networks.filter((n) => n.addressPattern && fitsAddressPattern(n.addressPattern, address));
  if (!chosen) return fitting.length === 1 ? { address, network: fitting[0] } : { address };
  if (fitsAddressPattern(chosen.addressPattern, address)) return { address };
  return fitting.length > 0 ? { problem: 'otherNetwork', network: fitting[0] } : { problem: 'notOnNetwork' };
}

/**
 * The transaction hash a code holds: the text itself, or the hash at the end of an explorer's
 * address (`https://etherscan.io/tx/0x…`, `https://tronscan.org/#/transaction/…`); undefined when
 * there is none.
 */
export function hashInQr(text: string): string | undefined {
  const trimmed = text.trim();
  if (TX_HASH_TEXT.test(trimmed)) return trimmed;
  return trimmed
    .split(/[/?#=&]/)
    .reverse()
    .find((part) => TX_HASH_TEXT.test(part));
}
