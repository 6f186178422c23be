import { TG_USER } from './support/telegram';
import { screenTour } from './support/screen-tour';

/** The screen tour (tests/e2e/support/screen-tour.ts) in German, light, and Russian, dark. */
screenTour(
  [
    ['de-DE', 'light'],
    ['ru-RU', 'dark'],
  ],
  TG_USER.id + 2000,
);
