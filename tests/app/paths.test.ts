import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { addressPickHref, checkoutHref, paths, readCheckoutQuery, readPayTarget } from '../../common/paths';
import { startParamToPath } from '../../common/start-param';
import { ROUTES, findRoute } from '../../src/app/routes';

describe('paths: one builder for every route', () => {
  it('the route table has exactly one route for every path but the root', () => {
    const patterns = Object.entries(paths)
      .filter(([name]) => name !== 'root')
      .map(([, p]) => p.pattern)
      .sort();
    expect(ROUTES.map((r) => r.path).sort()).toEqual(patterns);
  });

  it('every address a builder makes opens the route it was built for', () => {
    const built: [string, string][] = [
      [paths.orderInfo.href(12), paths.orderInfo.pattern],
      [paths.detail.href(3), paths.detail.pattern],
      [paths.detail.href(3, 7), paths.detail.pattern],
      [paths.shop.href(5), paths.shop.pattern],
      [paths.myPurchases.href(-4), paths.myPurchases.pattern],
      [paths.myPurchases.href(), paths.myPurchases.pattern],
      [paths.addressForm.href(), paths.addressForm.pattern],
      [paths.refund.href(9, 'SN1', [1, 2], '10.00'), paths.refund.pattern],
      [paths.products.href('category_id=3'), paths.products.pattern],
      [checkoutHref({ product_id: 3, spec_id: 4, number: 2 }), paths.checkout.pattern],
      [paths.payment.href({ out_trade_no: 'T20260101ABCDEF' }), paths.payment.pattern],
      [paths.payment.href({ order_id: 7 }), paths.payment.pattern],
      [addressPickHref('/checkout?product_id=3'), paths.address.pattern],
    ];
    for (const [href, pattern] of built) {
      expect(findRoute(href.split('?')[0])?.route.path, href).toBe(pattern);
    }
    expect(matchPath(paths.refund.pattern, paths.refund.href(9, 'SN1', [1, 2], '10.00'))?.params).toEqual({
      id: '9',
      sn: 'SN1',
      product_ids: '1,2',
      amount: '10.00',
    });
  });

  it('values are encoded, so an odd id cannot add a path segment', () => {
    expect(paths.shop.href('1/../login')).toBe('/shop/1%2F..%2Flogin');
  });

  it('the start-parameter table builds its routes with the same builders', () => {
    expect(startParamToPath('order-42')).toBe(paths.orderInfo.href(42));
    expect(startParamToPath('orders--4')).toBe(paths.myPurchases.href(-4));
    expect(startParamToPath('product-7')).toBe(paths.detail.href(7));
    expect(startParamToPath('nonsense')).toBe(paths.home.href());
  });
});

describe('paths: the buying query strings', () => {
  it('the checkout reads back what it was built with, "buy now" and the chosen address', () => {
    const query = { product_id: 3, spec_id: 14, number: 2, address_id: 9 };
    const href = checkoutHref(query);
    expect(href).toBe('/checkout?product_id=3&spec_id=14&number=2&address_id=9');
    expect(readCheckoutQuery(href.split('?')[1])).toEqual(query);
    expect(checkoutHref()).toBe('/checkout');
    expect(readCheckoutQuery('')).toEqual({});
  });

  it('the checkout drops values that are not positive whole numbers', () => {
    expect(readCheckoutQuery('?product_id=abc&spec_id=-1&number=0&address_id=1.5')).toEqual({});
    expect(readCheckoutQuery('?product_id=99999999999999999999')).toEqual({});
  });

  it('the address pick carries the way back, encoded, so its own query survives', () => {
    const back = '/checkout?product_id=3&number=2';
    const href = addressPickHref(back);
    expect(href).toBe(`/address?pick=${encodeURIComponent(back)}`);
    expect(new URLSearchParams(href.split('?')[1]).get('pick')).toBe(back);
  });

  it('the payment names a checkout or one order, and nothing else', () => {
    expect(readPayTarget('?out_trade_no=T20260101ABCDEF')).toEqual({ out_trade_no: 'T20260101ABCDEF' });
    expect(readPayTarget('?order_id=12')).toEqual({ order_id: 12 });
    expect(readPayTarget('?out_trade_no=bad%2Fvalue')).toBeNull();
    expect(readPayTarget('?order_id=-3')).toBeNull();
    expect(readPayTarget('')).toBeNull();
  });
});
