import { TG_USER } from './support/telegram';
import { screenTour } from './support/screen-tour';

/**
 * The screen tour (tests/e2e/support/screen-tour.ts) in Thai, light, and Japanese, dark. axe-core
 * runs in the German and Russian file: the same markup and colours in light and dark.
 */
screenTour(
  [
    ['th-TH', 'light'],
    ['ja-JP', 'dark'],
  ],
  TG_USER.id + 3000,
  { axe: false },
);
