/**
 * Sections of the locale files that only the server and the bot read: their texts reach the Mini
 * App already translated (an answer's `msg`, a notification's `text`, a spec's label), so the app's
 * build leaves them out of its language files (vite.config.ts) and the first screen does not carry
 * them. tests/app/server-only-texts.test.ts holds that no app code asks for one of their keys.
 */
export const SERVER_ONLY_SECTIONS = [
  'bot',
  'specs',
  'notify',
  'orders',
  'checkout',
  'wallet',
  'desk',
] as const;
