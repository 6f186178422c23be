import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetailAnswer } from '../../common/schemas/order';
import { translate } from '../../server/lib/i18n';
import { ship } from '../../server/modules/orders';
import {
  ADDRESS,
  addTrack,
  makeProduct,
  makeShop,
  orderRow,
  payOrder,
  placeOrder,
  shipOrder,
  type TestProduct,
} from './support/orders-fixture';
import { useTestApp } from '../support/use-app';

const t = useTestApp();
let shopId: number;
let lamp: TestProduct;
let me: { token: string; id: number };

const detail = (orderId: number | string, token = me.token, lang?: string) =>
  t.endpoint<OrderDetailAnswer>('order.detail', {
    query: { order_id: String(orderId) },
    token,
    lang,
  });

/** My order of `num` white desk lamps, placed with `opts` (freight, discount, remark, address). */
const lampOrder = (num: number, opts: Parameters<typeof placeOrder>[4] = {}) =>
  placeOrder(t.database.db, me.id, shopId, [{ productId: lamp.id, specId: lamp.specs[0], num }], opts);

beforeAll(async () => {
  shopId = await makeShop(t.database.db, 'Lamp House');
  lamp = await makeProduct(t.database.db, shopId, {
    title: 'Desk lamp',
    price: 4500,
    specs: [{ options: { colour: 'white' }, stock: 20 }],
  });
  me = await t.register('detail_reader');
});

describe('order detail: everything about one order', () => {
  it('an unpaid order: card, address snapshot, amounts, remark, the creation event, no logistics yet', async () => {
    const order = await lampOrder(2, { freight: 500, discount: 300, remark: 'Please ring twice' });
    const res = await detail(order.id);
    expect(res.code).toBe(1);
    const row = await orderRow(t.database.db, order.id);
    expect(res.data).toMatchObject({
      id: order.id,
      orderSn: order.orderSn,
      outTradeNo: row.outTradeNo,
      status: 0,
      shopName: 'Lamp House',
      goodsAmount: '90.00',
      freight: '5.00',
      discount: '3.00',
      total: '92.00',
      itemCount: 2,
      remark: 'Please ring twice',
      promoCode: null,
      carrier: null,
      trackingNo: null,
      paidAt: null,
      shippedAt: null,
      cancelledAt: null,
      tracks: [],
      payBefore: row.payBefore.toISOString(),
      createdAt: row.createdAt.toISOString(),
      address: { ...ADDRESS, countryName: 'Germany', regionName: 'Berlin' },
      items: [{ title: 'Desk lamp', specText: 'White', price: '45.00', num: 2 }],
    });
    expect(res.data.events).toMatchObject([{ fromStatus: null, toStatus: 0, actor: 'shopper' }]);
  });

  it("the country is named in the request's language; the region stays as stored", async () => {
    const order = await lampOrder(1, { address: { ...ADDRESS, country: 'JP', region: '東京都' } });
    const names: Record<string, string> = {
      'en-US': 'Japan',
      'de-DE': 'Japan',
      'zh-CN': '日本',
      'ru-RU': 'Япония',
      'tr-TR': 'Japonya',
    };
    for (const [lang, name] of Object.entries(names)) {
      const res = await detail(order.id, me.token, lang);
      expect(res.data.address, lang).toMatchObject({
        country: 'JP',
        countryName: name,
        region: '東京都',
        regionName: '東京都',
      });
    }
  });

  it("a region of the country's list is named in the request's language, as the address list names it", async () => {
    const order = await lampOrder(1, { address: { ...ADDRESS, country: 'DE', region: 'DE-BY' } });
    const names: Record<string, [string, string]> = {
      'en-US': ['Germany', 'Bavaria'],
      'de-DE': ['Deutschland', 'Bayern'],
      'ja-JP': ['ドイツ', 'Bayern'],
      'ru-RU': ['Германия', 'Bayern'],
    };
    for (const [lang, [country, region]] of Object.entries(names)) {
      const res = await detail(order.id, me.token, lang);
      expect(res.data.address, lang).toMatchObject({
        country: 'DE',
        countryName: country,
        region: 'DE-BY',
        regionName: region,
      });
    }
  });

  it('a shipped order: carrier, tracking number, every step stamped, tracks newest first, the timeline in order', async () => {
    const { db } = t.database;
    const order = await lampOrder(1);
    await payOrder(db, order.id);
    await shipOrder(db, order.id, 'DHL Express', '00340434161234567890');
    await addTrack(db, order.id, 'Picked up in Shenzhen', new Date(Date.now() - 3 * 3600_000));
    await addTrack(db, order.id, 'Departed from Hong Kong hub', new Date(Date.now() - 3600_000));
    await addTrack(db, order.id, 'Arrived in Frankfurt');
    const res = await detail(order.id, me.token, 'de-DE');
    expect(res.data).toMatchObject({ status: 2, carrier: 'DHL Express', trackingNo: '00340434161234567890' });
    expect(res.data.paidAt).not.toBeNull();
    expect(res.data.shippedAt).not.toBeNull();
    expect(res.data.receivedAt).toBeNull();
    expect(res.data.tracks.map((tr) => tr.text)).toEqual([
      'Arrived in Frankfurt',
      'Departed from Hong Kong hub',
      'Picked up in Shenzhen',
    ]);
    expect(res.data.events.map((e) => [e.fromStatus, e.toStatus, e.actor])).toEqual([
      [null, 0, 'shopper'],
      [0, 1, 'shopper'],
      [1, 2, 'operator'],
    ]);
    const times = res.data.events.map((e) => Date.parse(e.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
});

describe('order detail: whose order', () => {
  it("shipped through the operator's service: the event says the shop did it, never which operator", async () => {
    const { db } = t.database;
    const order = await lampOrder(1);
    await payOrder(db, order.id);
    await ship(db, { orderId: order.id, carrier: 'DHL', trackingNo: 'JD0146009', operator: 'night-shift' });
    const res = await detail(order.id);
    expect(res.data).toMatchObject({ status: 2, carrier: 'DHL', trackingNo: 'JD0146009' });
    expect(res.data.events.at(-1)).toMatchObject({ fromStatus: 1, toStatus: 2, actor: 'operator', note: '' });
    expect(JSON.stringify(res.data)).not.toContain('night-shift');
  });

  it("another shopper's order looks exactly like a missing one", async () => {
    const order = await lampOrder(1);
    const other = await t.register('detail_snoop');
    const foreign = await detail(order.id, other.token);
    const missing = await detail(2_000_000_000, other.token);
    expect(foreign).toMatchObject({ code: 0, error: 'errors.notFound', data: null });
    expect(foreign).toEqual(missing);
  });

  it('needs a login (code 401); an id that is not an id is refused', async () => {
    const anon = await t.endpoint('order.detail', { query: { order_id: '1' } });
    expect(anon).toMatchObject({ code: 401, msg: translate('en-US', 'errors.loginFirst') });
    for (const id of ['abc', '-1', '0', '1.5', '']) {
      const res = await detail(id);
      expect(res.code, id).toBe(0);
      expect(res.error, id).toBe('errors.notFound');
    }
  });
});
