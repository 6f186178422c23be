import type { ApiRoute } from './contract';

/**
 * Every endpoint of the API by name: method, path and who may call it. The request and answer
 * schemas under the same names are in ./schemas.ts. Kept free of zod so the Mini App's first
 * screen can load it.
 */
export const apiRoutes = {
  // ---- catalog: home, products, shops, follows and favourites ----
  'catalog.platform': { method: 'GET', path: '/api/index/index', access: 'public' },
  'catalog.banners': { method: 'GET', path: '/api/index/banner', access: 'public' },
  'catalog.categories': { method: 'GET', path: '/api/index/category', access: 'public' },
  'catalog.feed': { method: 'GET', path: '/api/index/product', access: 'public' },
  'catalog.hotProducts': { method: 'GET', path: '/api/index/hot_product', access: 'public' },
  'catalog.hotShops': { method: 'GET', path: '/api/index/hot_merchant', access: 'public' },
  'catalog.keywords': { method: 'GET', path: '/api/product/index', access: 'optional' },
  'catalog.recommend': { method: 'GET', path: '/api/product/recommend', access: 'public' },
  'catalog.search': { method: 'GET', path: '/api/product/search', access: 'optional' },
  'catalog.searchShops': { method: 'GET', path: '/api/product/searchs', access: 'public' },
  'catalog.productDetail': { method: 'GET', path: '/api/product/detail', access: 'optional' },
  'catalog.like': { method: 'POST', path: '/api/product/like', access: 'user' },
  'catalog.shareCard': { method: 'POST', path: '/api/product/share_card', access: 'user' },
  'catalog.shopDetail': { method: 'GET', path: '/api/merchant/detail', access: 'optional' },
  'catalog.follow': { method: 'POST', path: '/api/merchant/follow', access: 'user' },
  'catalog.followList': { method: 'GET', path: '/api/user/follow_list', access: 'user' },
  'catalog.likeList': { method: 'GET', path: '/api/user/like_list', access: 'user' },

  // ---- user: account, sessions, passwords, language; uploads ----
  'user.register': { method: 'POST', path: '/api/user/register', access: 'public' },
  'user.login': { method: 'POST', path: '/api/user/login', access: 'public' },
  /** With a session's token it links Telegram to that account; without, it logs in. */
  'user.tgLogin': { method: 'POST', path: '/api/user/tg_login', access: 'optional' },
  'user.getUserInfo': { method: 'GET', path: '/api/user/getUserInfo', access: 'user' },
  'user.logout': { method: 'POST', path: '/api/user/logout', access: 'user' },
  'user.logoutAll': { method: 'POST', path: '/api/user/logout_all', access: 'user' },
  'user.profile': { method: 'POST', path: '/api/user/profile', access: 'user' },
  'user.resetPwd': { method: 'POST', path: '/api/user/resetpwd', access: 'user' },
  'user.resetPay': { method: 'POST', path: '/api/user/resetPay', access: 'user' },
  'user.verifyPay': { method: 'POST', path: '/api/user/verify_pay', access: 'user' },
  'user.payDevices': { method: 'GET', path: '/api/user/pay_devices', access: 'user' },
  'user.addPayDevice': { method: 'POST', path: '/api/user/pay_device_add', access: 'user' },
  'user.removePayDevice': { method: 'POST', path: '/api/user/pay_device_del', access: 'user' },
  'user.languageList': { method: 'GET', path: '/api/user/language_list', access: 'public' },
  'user.setLanguage': { method: 'GET', path: '/api/user/set_language', access: 'user' },
  /** A forgotten password: a 6-digit code by the bot, then a new password with it. */
  'user.forgotCode': { method: 'POST', path: '/api/user/forgot_code', access: 'public' },
  'user.forgotReset': { method: 'POST', path: '/api/user/forgot_reset', access: 'public' },
  'upload.image': { method: 'POST', path: '/api/upload', access: 'user', multipart: true },

  // ---- cart ----
  'cart.index': { method: 'GET', path: '/api/cart/index', access: 'user' },
  'cart.add': { method: 'POST', path: '/api/cart/add', access: 'user' },
  'cart.setNum': { method: 'POST', path: '/api/cart/set_num', access: 'user' },
  'cart.del': { method: 'POST', path: '/api/cart/del', access: 'user' },
  'cart.select': { method: 'POST', path: '/api/cart/select', access: 'user' },

  // ---- addresses ----
  'address.list': { method: 'GET', path: '/api/user/address_list', access: 'user' },
  'address.get': { method: 'GET', path: '/api/user/address', access: 'user' },
  'address.save': { method: 'POST', path: '/api/user/address_add', access: 'user' },
  'address.setDefault': { method: 'POST', path: '/api/user/address_set_default', access: 'user' },
  'address.del': { method: 'GET', path: '/api/user/address_del', access: 'user' },
  'address.area': { method: 'GET', path: '/api/user/area', access: 'public' },
  'address.telegramContact': { method: 'POST', path: '/api/user/tg_contact', access: 'user' },
  'address.areaAt': { method: 'GET', path: '/api/user/area_at', access: 'user' },

  // ---- checkout and payment ----
  'checkout.preview': { method: 'POST', path: '/api/order/merCreate', access: 'user' },
  'checkout.submit': { method: 'POST', path: '/api/order/merSubmit', access: 'user', idempotent: true },
  'checkout.payGroup': { method: 'POST', path: '/api/order/merPay', access: 'user', idempotent: true },
  'checkout.payOrder': { method: 'POST', path: '/api/user/pay', access: 'user', idempotent: true },
  'checkout.payCard': { method: 'POST', path: '/api/order/payCard', access: 'user', idempotent: true },
  'checkout.cardPayment': { method: 'GET', path: '/api/order/payCard', access: 'user' },

  // ---- orders and notifications ----
  'order.list': { method: 'GET', path: '/api/user/order_list', access: 'user' },
  'order.detail': { method: 'GET', path: '/api/order/detail', access: 'user' },
  'order.cancel': { method: 'POST', path: '/api/order/cancel', access: 'user' },
  'order.received': { method: 'POST', path: '/api/order/received', access: 'user' },
  'order.delete': { method: 'POST', path: '/api/order/delete', access: 'user' },
  'order.refund': { method: 'POST', path: '/api/order/refund', access: 'user', idempotent: true },
  'order.refundReturn': { method: 'POST', path: '/api/order/refund_return', access: 'user' },
  'notify.list': { method: 'GET', path: '/api/user/notification_list', access: 'user' },
  'notify.read': { method: 'POST', path: '/api/user/notification_read', access: 'user' },
  'notify.settings': { method: 'GET', path: '/api/user/notify_settings', access: 'user' },
  'notify.saveSettings': { method: 'POST', path: '/api/user/notify_settings', access: 'user' },

  // ---- wallet ----
  'wallet.getBlockchain': { method: 'GET', path: '/api/user/getBlockchain', access: 'user' },
  'wallet.recharge': { method: 'POST', path: '/api/user/recharge', access: 'user', idempotent: true },
  'wallet.rechargeCard': {
    method: 'POST',
    path: '/api/user/recharge_card',
    access: 'user',
    idempotent: true,
  },
  'wallet.rechargeLog': { method: 'GET', path: '/api/user/recharge_log', access: 'user' },
  'wallet.extractInfo': { method: 'GET', path: '/api/user/extract', access: 'user' },
  'wallet.extract': { method: 'POST', path: '/api/user/extract', access: 'user', idempotent: true },
  'wallet.extractLog': { method: 'GET', path: '/api/user/extract_log', access: 'user' },
  'wallet.payoutList': { method: 'GET', path: '/api/user/payout_list', access: 'user' },
  'wallet.payoutDel': { method: 'POST', path: '/api/user/payout_del', access: 'user' },
  'wallet.bill': { method: 'GET', path: '/api/user/bill', access: 'user' },

  // ---- customer service ----
  'service.list': { method: 'GET', path: '/api/user/service_list', access: 'user' },
  'service.send': { method: 'POST', path: '/api/user/service_send', access: 'user', idempotent: true },
  'service.read': { method: 'POST', path: '/api/user/service_read', access: 'user' },
  /** Operators only (a linked Telegram id in OPERATOR_IDS); anyone else: not found. */
  'service.threads': { method: 'GET', path: '/api/user/services', access: 'user' },
  'service.thread': { method: 'GET', path: '/api/user/service_thread', access: 'user' },
  'service.reply': { method: 'POST', path: '/api/user/service_reply', access: 'user', idempotent: true },

  // ---- content: help and legal texts ----
  'content.helpSupport': { method: 'GET', path: '/api/user/help_support', access: 'public' },
  'content.law': { method: 'GET', path: '/api/user/law', access: 'public' },

  // ---- reviews (after-sale) ----
  'review.comment': { method: 'POST', path: '/api/order/comment', access: 'user' },
  'review.list': { method: 'GET', path: '/api/product/comments', access: 'public' },
} as const satisfies Record<string, ApiRoute>;

export type EndpointName = keyof typeof apiRoutes;
