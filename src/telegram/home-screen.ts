import { popup, postEvent, request } from '@telegram-apps/sdk-react';
import { call } from '../api/call';
import { loadLaterTexts, t } from '../i18n';
import { clientHas } from './env';
import { getStored, setStored } from './storage';

/** What Telegram says of the app's icon on the home screen (Mini Apps 8.0). */
type HomeScreenStatus = 'unsupported' | 'unknown' | 'added' | 'missed';

/** Whether the client can put the app on the home screen (8.0). */
export const canAddToHomeScreen = (): boolean =>
  clientHas('web_app_check_home_screen') && clientHas('web_app_add_to_home_screen');

/** Asks the client whether the app's icon is on the home screen; undefined without an answer. */
const homeScreenStatus = (): Promise<HomeScreenStatus | undefined> =>
  request('web_app_check_home_screen', 'home_screen_checked', { timeout: 2000 }).then(
    ({ status }) => (status ?? 'unknown') as HomeScreenStatus,
    () => undefined,
  );

/** Kept a year: launches counted, and that the offer was made (it is made once). */
const HOME_SCREEN_KEPT_MS = 365 * 24 * 60 * 60 * 1000;
const VISITS_KEY = 'ordersVisits';
const OFFERED_KEY = 'homeScreenOffered';

/**
 * Offers to put SHOP on the phone's home screen once, on the second launch on which the shopper has
 * an order (someone who has bought once and came back): Telegram says first whether the icon is
 * there already (`checkHomeScreenStatus`), the shopper answers our question, and Telegram's own
 * dialog adds it (`addToHomeScreen`). Launches and the offer are counted in CloudStorage. Never
 * throws; clients older than 8.0 and browsers are never asked.
 */
export async function offerHomeScreenOnce(): Promise<void> {
  try {
    if (!canAddToHomeScreen() || (await getStored(OFFERED_KEY))) return;
    const orders = await call('order.list', { page: 1, limit: 1 }, { showError: false });
    if (!orders.counts.all) return;
    const visits = Number(await getStored(VISITS_KEY)) + 1;
    await setStored(VISITS_KEY, String(visits), Date.now() + HOME_SCREEN_KEPT_MS);
    if (visits < 2) return;
    const status = await homeScreenStatus();
    // An icon already there, or a phone that cannot have one: nothing to offer, now or later.
    if (status === 'added' || status === 'unsupported')
      await setStored(OFFERED_KEY, status, Date.now() + HOME_SCREEN_KEPT_MS);
    if (status !== 'missed' && status !== 'unknown') return;
    await loadLaterTexts();
    await setStored(OFFERED_KEY, 'asked', Date.now() + HOME_SCREEN_KEPT_MS);
    const pressed = await popup.show({
      title: t('homeScreen.title'),
      message: t('homeScreen.message'),
      buttons: [
        { id: 'add', type: 'default', text: t('homeScreen.add') },
        { id: 'later', type: 'cancel' },
      ],
    });
    if (pressed === 'add') postEvent('web_app_add_to_home_screen');
  } catch {
    // Offline, or a popup already open: asked on a later launch.
  }
}
