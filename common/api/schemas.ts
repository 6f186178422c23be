import { z } from 'zod';
import { LANGS } from '../languages';
import {
  bannerItem,
  categoryItem,
  feedQuery,
  followAnswer,
  followBody,
  keywordsAnswer,
  likeAnswer,
  likeBody,
  merchantDetailAnswer,
  merchantDetailQuery,
  pagedOf,
  pageQuery,
  platformInfo,
  productCard,
  productDetailAnswer,
  productDetailQuery,
  recommendQuery,
  searchQuery,
  shopCard,
  shopSearchQuery,
} from '../schemas/catalog';
import { contentQuery, helpSupportAnswer, lawAnswer } from '../schemas/content';
import {
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
} from '../schemas/user';
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
  'user.languageList': { request: none, answer: z.array(languageInfo) },
  'user.setLanguage': { request: setLanguageQuery, answer: z.object({ lang: z.enum(LANGS) }) },
  /** Multipart, field "file": a picture; the answer is where it is stored. */
  'upload.image': { request: z.custom<FormData>(), answer: z.object({ url: z.string() }) },

  // ---- content ----
  'content.helpSupport': { request: contentQuery, answer: helpSupportAnswer },
  'content.law': { request: contentQuery, answer: lawAnswer },
} as const satisfies Record<EndpointName, EndpointSchemas>;

export type ApiSchemas = typeof apiSchemas;
