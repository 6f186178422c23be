import { TG_USER } from './support/telegram';
import { screenTour } from './support/screen-tour';

/**
 * The screen tour (tests/e2e/support/screen-tour.ts) in Thai, light, and Japanese, dark, moving
 * within the app. axe-core and the screens opened cold (each bringing its own styles) are the German
 * and Russian file's: the same markup, colours and styles in every language.
 */
screenTour(
  [
    ['th-TH', 'light'],
    ['ja-JP', 'dark'],
  ],
  TG_USER.id + 3000,
  { axe: false, cold: false },
);
