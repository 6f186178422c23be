import { z } from 'zod';
import { LANGS } from '../languages';
import {
  bannerItem,
  categoryItem,
  followAnswer,
  keywordsAnswer,
  likeAnswer,
  shareCardAnswer,
  merchantDetailAnswer,
  pagedOf,
  platformInfo,
  productCard,
  productDetailAnswer,
  shopCard,
} from '../schemas/catalog-answers';
import {
  feedQuery,
  followBody,
  likeBody,
  shareCardBody,
  merchantDetailQuery,
  pageQuery,
  productDetailQuery,
  recommendQuery,
  searchQuery,
  shopSearchQuery,
} from '../schemas/catalog-requests';
import { contentQuery, helpSupportAnswer, lawAnswer } from '../schemas/content';
import {
  forgotCodeAnswer,
  forgotCodeBody,
  forgotResetBody,
  loginAnswer,
  loginBody,
  profileBody,
  registerBody,
  resetPayBody,
  resetPwdBody,
  setLanguageQuery,
  tgLoginBody,
  userInfo,
  verifyPayBody,
  addPayDeviceAnswer,
  addPayDeviceBody,
  payDevice,
  payDeviceDelBody,
} from '../schemas/user';
import {
  addressIdQuery,
  addressItem,
  addressSaveBody,
  areaAt,
  areaAtQuery,
  areaItem,
  areaQuery,
  telegramContact,
  telegramContactBody,
} from '../schemas/address';
import { cartAddBody, cartAnswer, cartIdsBody, cartSelectBody, cartSetNumBody } from '../schemas/cart';
import { refundBody, refundReturnBody } from '../schemas/refund';
import {
  checkoutAnswer,
  checkoutBody,
  notificationListAnswer,
  notificationListQuery,
  notificationReadBody,
  orderDetailAnswer,
  orderIdQuery,
  orderListAnswer,
  orderListQuery,
  payAnswer,
  payGroupBody,
  payOrderBody,
  payCardBody,
  payCardAnswer,
  cardPaymentQuery,
  cardPaymentAnswer,
  submitAnswer,
  submitBody,
} from '../schemas/order';
import { notifySettingsAnswer, notifySettingsBody } from '../schemas/notify-settings';
import { billAnswer, billQuery } from '../schemas/wallet-bill';
import { recordsQuery } from '../schemas/wallet-fields';
import {
  blockchainAnswer,
  rechargeAnswer,
  rechargeBody,
  rechargeCardAnswer,
  rechargeCardBody,
  rechargeLogAnswer,
} from '../schemas/wallet-topup';
import {
  extractAnswer,
  extractBody,
  extractInfoAnswer,
  extractLogAnswer,
  payoutDelBody,
  payoutMethod,
} from '../schemas/wallet-withdraw';
import { commentAnswer, commentBody, commentsAnswer, commentsQuery } from '../schemas/review';
import {
  serviceListAnswer,
  serviceListQuery,
  serviceMessage,
  serviceReadBody,
  serviceReplyBody,
  serviceSendBody,
  servicesAnswer,
  servicesQuery,
  serviceThreadQuery,
} from '../schemas/service';
import type { EndpointSchemas } from './contract';
import type { EndpointName } from './routes';

/** A page of product cards; a page of shop cards. */
const products = pagedOf(productCard);
const shops = pagedOf(shopCard);

/** No parameters. */
const none = z.object({});
/** Nothing in the envelope's data (the message says it all). */
const nothing = z.null();

const languageInfo = z.object({
  language_name: z.string(),
  chinese_name: z.string(),
  file_name: z.enum(LANGS),
  is_default: z.boolean(),
});

/** The request and answer schema of every endpoint of ./routes.ts, under the same names. */
export const apiSchemas = {
  // ---- catalog ----
  'catalog.platform': { request: none, answer: platformInfo },
  'catalog.banners': { request: none, answer: z.array(bannerItem) },
  'catalog.categories': { request: none, answer: z.array(categoryItem) },
  'catalog.feed': { request: feedQuery, answer: products },
  'catalog.hotProducts': { request: pageQuery, answer: products },
  'catalog.hotShops': { request: pageQuery, answer: shops },
  'catalog.keywords': { request: none, answer: keywordsAnswer },
  'catalog.recommend': { request: recommendQuery, answer: products },
  'catalog.search': { request: searchQuery, answer: products },
  'catalog.searchShops': { request: shopSearchQuery, answer: shops },
  'catalog.productDetail': { request: productDetailQuery, answer: productDetailAnswer },
  'catalog.like': { request: likeBody, answer: likeAnswer },
  'catalog.shareCard': { request: shareCardBody, answer: shareCardAnswer },
  'catalog.shopDetail': { request: merchantDetailQuery, answer: merchantDetailAnswer },
  'catalog.follow': { request: followBody, answer: followAnswer },
  'catalog.followList': { request: pageQuery, answer: shops },
  'catalog.likeList': { request: pageQuery, answer: products },

  // ---- user and uploads ----
  'user.register': { request: registerBody, answer: loginAnswer },
  'user.login': { request: loginBody, answer: loginAnswer },
  'user.tgLogin': { request: tgLoginBody, answer: loginAnswer },
  'user.getUserInfo': { request: none, answer: userInfo },
  'user.logout': {
    request: none.nullish(),
    answer: nothing,
    query: z.object({ lang: z.string().max(16).optional() }),
  },
  'user.logoutAll': { request: none.nullish(), answer: nothing },
  'user.profile': { request: profileBody, answer: userInfo },
  'user.resetPwd': { request: resetPwdBody, answer: nothing },
  'user.resetPay': { request: resetPayBody, answer: nothing },
  'user.verifyPay': { request: verifyPayBody, answer: z.object({ verified: z.literal(true) }) },
  'user.payDevices': { request: none, answer: z.array(payDevice) },
  'user.addPayDevice': { request: addPayDeviceBody, answer: addPayDeviceAnswer },
  'user.removePayDevice': { request: payDeviceDelBody, answer: z.array(payDevice) },
  'user.languageList': { request: none, answer: z.array(languageInfo) },
  'user.setLanguage': { request: setLanguageQuery, answer: z.object({ lang: z.enum(LANGS) }) },
  'user.forgotCode': { request: forgotCodeBody, answer: forgotCodeAnswer },
  'user.forgotReset': { request: forgotResetBody, answer: nothing },
  /**
   * Multipart, field "file": a picture. `url` names it to whatever takes it (a review, a refund...);
   * `preview` is a link that shows it meanwhile (it is private until taken), valid for an hour.
   */
  'upload.image': {
    request: z.custom<FormData>(),
    answer: z.object({ url: z.string(), preview: z.string() }),
  },

  // ---- cart (every change answers the whole cart) ----
  'cart.index': { request: none, answer: cartAnswer },
  'cart.add': { request: cartAddBody, answer: cartAnswer },
  'cart.setNum': { request: cartSetNumBody, answer: cartAnswer },
  'cart.del': { request: cartIdsBody, answer: cartAnswer },
  'cart.select': { request: cartSelectBody, answer: cartAnswer },

  // ---- addresses ----
  'address.list': { request: none, answer: z.array(addressItem) },
  'address.get': { request: addressIdQuery, answer: addressItem },
  'address.save': { request: addressSaveBody, answer: addressItem },
  'address.setDefault': { request: addressIdQuery, answer: z.array(addressItem) },
  'address.del': { request: addressIdQuery, answer: z.array(addressItem) },
  'address.area': { request: areaQuery, answer: z.array(areaItem) },
  'address.telegramContact': { request: telegramContactBody, answer: telegramContact },
  'address.areaAt': { request: areaAtQuery, answer: areaAt },

  // ---- checkout and payment ----
  'checkout.preview': { request: checkoutBody, answer: checkoutAnswer },
  'checkout.submit': { request: submitBody, answer: submitAnswer },
  'checkout.payGroup': { request: payGroupBody, answer: payAnswer },
  'checkout.payOrder': { request: payOrderBody, answer: payAnswer },
  'checkout.payCard': { request: payCardBody, answer: payCardAnswer },
  'checkout.cardPayment': { request: cardPaymentQuery, answer: cardPaymentAnswer },

  // ---- orders and notifications ----
  'order.list': { request: orderListQuery, answer: orderListAnswer },
  'order.detail': { request: orderIdQuery, answer: orderDetailAnswer },
  'order.cancel': { request: orderIdQuery, answer: orderDetailAnswer },
  'order.received': { request: orderIdQuery, answer: orderDetailAnswer },
  'order.delete': { request: orderIdQuery, answer: nothing },
  'order.refund': { request: refundBody, answer: orderDetailAnswer },
  'order.refundReturn': { request: refundReturnBody, answer: orderDetailAnswer },
  'notify.list': { request: notificationListQuery, answer: notificationListAnswer },
  'notify.read': { request: notificationReadBody, answer: z.object({ unread: z.number().int() }) },
  'notify.settings': { request: none, answer: notifySettingsAnswer },
  'notify.saveSettings': { request: notifySettingsBody, answer: notifySettingsAnswer },

  // ---- wallet ----
  'wallet.getBlockchain': { request: none, answer: blockchainAnswer },
  'wallet.recharge': { request: rechargeBody, answer: rechargeAnswer },
  'wallet.rechargeCard': { request: rechargeCardBody, answer: rechargeCardAnswer },
  'wallet.rechargeLog': { request: recordsQuery, answer: rechargeLogAnswer },
  'wallet.extractInfo': { request: none, answer: extractInfoAnswer },
  'wallet.extract': { request: extractBody, answer: extractAnswer },
  'wallet.extractLog': { request: recordsQuery, answer: extractLogAnswer },
  'wallet.payoutList': { request: none, answer: z.array(payoutMethod) },
  'wallet.payoutDel': { request: payoutDelBody, answer: z.array(payoutMethod) },
  'wallet.bill': { request: billQuery, answer: billAnswer },

  // ---- customer service ----
  'service.list': { request: serviceListQuery, answer: serviceListAnswer },
  'service.send': { request: serviceSendBody, answer: serviceMessage },
  'service.read': { request: serviceReadBody, answer: z.object({ unread: z.number().int() }) },
  'service.threads': { request: servicesQuery, answer: servicesAnswer },
  'service.thread': { request: serviceThreadQuery, answer: serviceListAnswer },
  'service.reply': { request: serviceReplyBody, answer: serviceMessage },

  // ---- content ----
  'content.helpSupport': { request: contentQuery, answer: helpSupportAnswer },
  'content.law': { request: contentQuery, answer: lawAnswer },

  // ---- reviews ----
  'review.comment': { request: commentBody, answer: commentAnswer },
  'review.list': { request: commentsQuery, answer: commentsAnswer },
} as const satisfies Record<EndpointName, EndpointSchemas>;

export type ApiSchemas = typeof apiSchemas;
