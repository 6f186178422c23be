import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { paths, readPayTarget } from '../../common/paths';
import { findScreen } from '../../common/screen-match';
import { startParamToPath } from '../../common/start-param';
import { ROUTES, findRoute } from '../../src/app/routes';

describe('paths: one builder for every route', () => {
  it('the server finds the screen a path opens as the app’s router does', () => {
    const addresses = [
      ...ROUTES.map((r) => r.path.replace(/\/:\w+\?/g, '')),
      ...ROUTES.map((r) => r.path.replace(/:\w+\?/g, '7')),
      '/',
      '/Setting',
      '/setting/',
      '/detail/3/7/9',
      '/orderInfo/1/2',
      '/nowhere',
      '/home/x',
    ];
    for (const address of addresses) {
      const app = findRoute(address === '/' ? '/home' : address)?.route;
      expect(findScreen(address)?.page, address).toBe(app?.page);
      expect(findScreen(address)?.path, address).toBe(app?.path);
    }
  });

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
      [paths.addressForm.pick('/checkout'), paths.addressForm.pattern],
      [paths.refund.href(9, 'SN1', [1, 2], '10.00'), paths.refund.pattern],
      [paths.products.href('category_id=3'), paths.products.pattern],
      [paths.payment.href({ out_trade_no: 'T20260101ABCDEF' }), paths.payment.pattern],
      [paths.payment.href({ order_id: 7 }), paths.payment.pattern],
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

describe('paths: the address chosen on the way, and what the payment pays', () => {
  it('the checkout reads the chosen address back, whole positive numbers only', () => {
    expect(paths.checkout.parseAddressId('?product_id=3&number=2&address_id=9')).toBe(9);
    expect(paths.checkout.parseAddressId(paths.address.picked('/checkout', 12).split('?')[1])).toBe(12);
    for (const search of ['', '?address_id=abc', '?address_id=-1', '?address_id=0', '?address_id=1.5'])
      expect(paths.checkout.parseAddressId(search), search).toBeNull();
  });

  it('the payment names a checkout or one order, and nothing else', () => {
    expect(readPayTarget('?out_trade_no=T20260101ABCDEF')).toEqual({ out_trade_no: 'T20260101ABCDEF' });
    expect(readPayTarget('?order_id=12')).toEqual({ order_id: 12 });
    expect(readPayTarget('?out_trade_no=bad%2Fvalue')).toBeNull();
    expect(readPayTarget('?order_id=-3')).toBeNull();
    expect(readPayTarget('')).toBeNull();
    expect(paths.payment.href({ out_trade_no: 'T20260101ABCDEF' })).toBe(
      '/payment?out_trade_no=T20260101ABCDEF',
    );
    expect(paths.payment.href({ order_id: 7 })).toBe('/payment?order_id=7');
  });
});

describe('paths: buy now and picking an address', () => {
  it('buy now writes product, spec and number into the checkout address, and reads them back', () => {
    const href = paths.checkout.buyNow({ productId: 12, specId: 34, number: 2 });
    expect(href).toBe('/checkout?product_id=12&spec_id=34&number=2');
    expect(findRoute(href.split('?')[0])?.route.path).toBe(paths.checkout.pattern);
    expect(paths.checkout.parseBuyNow(href.split('?')[1])).toEqual({ productId: 12, specId: 34, number: 2 });
    expect(paths.checkout.parseBuyNow('?product_id=5&number=1')).toEqual({
      productId: 5,
      specId: 0,
      number: 1,
    });
  });

  it('a checkout address without a whole product and number is the cart', () => {
    for (const search of [
      '',
      '?from=bag',
      '?product_id=5',
      '?product_id=abc&number=1',
      '?product_id=5&number=0',
      '?product_id=5&number=-1',
      '?product_id=5&spec_id=x&number=1',
      '?product_id=5&number=1e3',
    ])
      expect(paths.checkout.parseBuyNow(search), search).toBeNull();
  });

  it('pick mode carries the return path, and the pick sets address_id in it, keeping the rest', () => {
    const pick = paths.address.pick('/checkout?product_id=1&number=2');
    expect(findRoute(pick.split('?')[0])?.route.path).toBe(paths.address.pattern);
    const returnTo = paths.address.parsePick(pick.split('?')[1]);
    expect(returnTo).toBe('/checkout?product_id=1&number=2');
    expect(paths.address.picked(returnTo!, 9)).toBe('/checkout?product_id=1&number=2&address_id=9');
    expect(paths.address.picked('/checkout?address_id=3', 9)).toBe('/checkout?address_id=9');
    expect(paths.address.picked('/checkout', 9)).toBe('/checkout?address_id=9');
  });

  it('a new address picked as it is saved carries the same return path', () => {
    const form = paths.addressForm.pick('/checkout?product_id=1&number=2');
    expect(form.split('?')[0]).toBe(paths.addressForm.href());
    expect(paths.addressForm.parsePick(form.split('?')[1])).toBe('/checkout?product_id=1&number=2');
    expect(paths.addressForm.parsePick(`pick=${encodeURIComponent('//evil.example/x')}`)).toBeNull();
    expect(paths.addressForm.parsePick('')).toBeNull();
  });

  it('pick mode returns only to a path inside the app', () => {
    for (const bad of [
      'https://evil.example/x',
      '//evil.example/x',
      'javascript:alert(1)',
      '/\\evil.example',
    ])
      expect(paths.address.parsePick(`pick=${encodeURIComponent(bad)}`), bad).toBeNull();
    expect(paths.address.parsePick('')).toBeNull();
  });
});
