import { describe, expect, it } from 'vitest';
import { addressInQr, hashInQr, readScannedAddress } from '../../common/qr-scan';

/** What a scanned QR code gives the wallet's fields (common/qr-scan.ts), with the demo's networks. */
const TRC20 = { id: 1, name: 'USDT-TRC20', addressPattern: 'T[1-9A-HJ-NP-Za-km-z]{33}' };
const ERC20 = { id: 2, name: 'USDT-ERC20', addressPattern: '0x[0-9a-fA-F]{40}' };
const BTC = {
  id: 3,
  name: 'BTC',
  addressPattern: 'bc1[02-9ac-hj-np-z]{11,71}|[13][1-9A-HJ-NP-Za-km-z]{25,34}',
};
const ANY = { id: 4, name: 'Other', addressPattern: null };
const NETWORKS = [TRC20, ERC20, BTC];
const TRON_ADDRESS = `T${'Qm'.repeat(16)}x`;
const ETH_ADDRESS = `0x${'aB'.repeat(20)}`;
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

describe('the address a code holds', () => {
  it.each([
    [TRON_ADDRESS, TRON_ADDRESS],
    [`  ${ETH_ADDRESS}\n`, ETH_ADDRESS],
    [`bitcoin:${BTC_ADDRESS}?amount=0.01&label=Shop`, BTC_ADDRESS],
    [`BITCOIN:${BTC_ADDRESS}`, BTC_ADDRESS],
    [`ethereum:${ETH_ADDRESS}@1`, ETH_ADDRESS],
    [`ethereum:${ETH_ADDRESS}@1?value=2.014e18`, ETH_ADDRESS],
    [`ethereum:0x${'de'.repeat(20)}@1/transfer?address=${ETH_ADDRESS}&uint256=1e6`, ETH_ADDRESS],
    [`tron:${TRON_ADDRESS}?amount=10`, TRON_ADDRESS],
    ['https://example.com/pay', 'https://example.com/pay'],
  ])('%s → %s', (text, address) => {
    expect(addressInQr(text)).toBe(address);
  });
});

describe('a scanned code for an address field', () => {
  it('fills the field when the address is one of the chosen network', () => {
    expect(readScannedAddress(`tron:${TRON_ADDRESS}`, TRC20, NETWORKS)).toEqual({ address: TRON_ADDRESS });
    expect(readScannedAddress(BTC_ADDRESS, BTC, NETWORKS)).toEqual({ address: BTC_ADDRESS });
  });

  it('names the network an address of another offered network belongs to', () => {
    expect(readScannedAddress(ETH_ADDRESS, TRC20, NETWORKS)).toEqual({
      problem: 'otherNetwork',
      network: ERC20,
    });
  });

  it('an address-like text of no offered network is not on the chosen one', () => {
    expect(readScannedAddress('X'.repeat(30), ERC20, NETWORKS)).toEqual({ problem: 'notOnNetwork' });
  });

  it('a code without an address is no address, whatever the network', () => {
    for (const text of ['https://example.com/a-very-long-page', 'hello', '', 'WIFI:S:Shop;T:WPA;P:secret;;'])
      expect(readScannedAddress(text, TRC20, NETWORKS)).toEqual({ problem: 'notAddress' });
  });

  it('while no network is chosen, picks the one network the address fits', () => {
    expect(readScannedAddress(ETH_ADDRESS, undefined, NETWORKS)).toEqual({
      address: ETH_ADDRESS,
      network: ERC20,
    });
    // A network without a pattern takes any address, so it picks nothing by itself.
    expect(readScannedAddress('X'.repeat(30), undefined, [...NETWORKS, ANY])).toEqual({
      address: 'X'.repeat(30),
    });
    expect(readScannedAddress(ETH_ADDRESS, ANY, [...NETWORKS, ANY])).toEqual({ address: ETH_ADDRESS });
  });
});

describe('the transaction hash a code holds', () => {
  const HASH = `0x${'5e'.repeat(32)}`;
  it.each([
    [HASH, HASH],
    ['5e'.repeat(32), '5e'.repeat(32)],
    [`https://etherscan.io/tx/${HASH}`, HASH],
    [`https://tronscan.org/#/transaction/${'ab'.repeat(32)}`, 'ab'.repeat(32)],
    [`https://mempool.space/tx/${'cd'.repeat(32)}?tab=details`, 'cd'.repeat(32)],
    ['not a hash', undefined],
    ['0x12', undefined],
  ])('%s → %s', (text, hash) => {
    expect(hashInQr(text)).toBe(hash);
  });
});
