import { TG_USER } from './support/telegram';
import { screenTour } from './support/screen-tour';

/** The screen tour (tests/e2e/support/screen-tour.ts) in Thai, light, and Japanese, dark. */
screenTour(
  [
    ['th-TH', 'light'],
    ['ja-JP', 'dark'],
  ],
  TG_USER.id + 170,
);
