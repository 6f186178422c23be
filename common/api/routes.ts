import type { ApiRoute } from './contract';

/**
 * Every endpoint of the API by name: method, path and who may call it. The request and answer
 * schemas under the same names are in ./schemas.ts. Kept free of zod so the Mini App's first
 * screen can load it.
 */
export const apiRoutes = {
  // ---- catalog: home, products, shops, follows and favourites ----

  // ---- user: account, sessions, passwords, language; uploads ----
  'user.languageList': { method: 'GET', path: '/api/user/language_list', access: 'public' },
  'user.setLanguage': { method: 'GET', path: '/api/user/set_language', access: 'user' },

  // ---- content: help and legal texts ----
  'content.helpSupport': { method: 'GET', path: '/api/user/help_support', access: 'public' },
  'content.law': { method: 'GET', path: '/api/user/law', access: 'public' },
} as const satisfies Record<string, ApiRoute>;

export type EndpointName = keyof typeof apiRoutes;
