/**
 * Sections of the locale files that no tab root (home, explore, bag, profile) and no shared part
 * reads: the app's build keeps them out of the first screen's language file and puts them in a
 * second file per language (`locales/<lang>.json?later`), which loads in the background after the
 * first screen and which every other screen waits for before it renders (src/app/routes.ts).
 * tests/app/later-texts.test.tsx holds that the tab roots show no key of these sections.
 */
export const LATER_SECTIONS = [
  'walletScreens',
  'orderInfo',
  'payment',
  'checkoutPage',
  'address',
  'password',
  'security',
  'settings',
  'language',
  'notifications',
  'support',
  'favourites',
  'topUp',
  'withdraw',
  'scan',
  'homeScreen',
  'refund',
  'review',
  'service',
  'forgotByBot',
  'notifySettings',
] as const;
