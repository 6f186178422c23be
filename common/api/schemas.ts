import { z } from 'zod';
import { LANGS } from '../languages';
import { contentQuery, helpSupportAnswer, lawAnswer } from '../schemas/content';
import { setLanguageQuery } from '../schemas/user';
import type { EndpointSchemas } from './contract';
import type { EndpointName } from './routes';

/** No parameters. */
const none = z.object({});

const languageInfo = z.object({
  language_name: z.string(),
  chinese_name: z.string(),
  file_name: z.enum(LANGS),
  is_default: z.boolean(),
});

/** The request and answer schema of every endpoint of ./routes.ts, under the same names. */
export const apiSchemas = {
  // ---- catalog ----

  // ---- user and uploads ----
  'user.languageList': { request: none, answer: z.array(languageInfo) },
  'user.setLanguage': { request: setLanguageQuery, answer: z.object({ lang: z.enum(LANGS) }) },

  // ---- content ----
  'content.helpSupport': { request: contentQuery, answer: helpSupportAnswer },
  'content.law': { request: contentQuery, answer: lawAnswer },
} as const satisfies Record<EndpointName, EndpointSchemas>;

export type ApiSchemas = typeof apiSchemas;
