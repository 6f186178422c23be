import { act, screen, waitFor } from '@testing-library/react';
import { emitEvent, mainButton } from '@telegram-apps/sdk-react';
import { describe, expect, it } from 'vitest';
import { startParamToPath } from '../../common/start-param';
import en from '../../locales/en-US.json';
import { TEST_BOT_TOKEN } from '../support/app';
import { useRealServer } from './support/server';
import { startApp } from './support/start-app';
import { fakeTelegram } from './support/telegram-client';

/**
 * The withdrawal screen inside a (mocked) Telegram client: the deep link opens it, Telegram's main
 * button is its primary action, and a refusal at a field is felt as well as read. (A file of its
 * own: the SDK is set up once per page, in or out of Telegram.)
 */
useRealServer();
const at = (path: string) => waitFor(() => expect(window.location.pathname).toBe(path));

describe('withdraw inside Telegram', () => {
  it('inside Telegram the deep link "withdraw" opens it, and the main button continues with a haptic', async () => {
    const tg = fakeTelegram({ botToken: TEST_BOT_TOKEN, user: { id: 7_400_000_001, first_name: 'Ada' } });
    await startApp(startParamToPath('withdraw'));
    await at('/withDraw');
    await screen.findByTestId('withdraw-balance');
    await waitFor(() => expect(mainButton.text()).toBe(en.withdraw.continue));
    await act(async () => emitEvent('main_button_pressed'));
    expect((await screen.findByTestId('problem-amount')).textContent).toBe(en.withdraw.amountNotPositive);
    expect(tg.callsOf('web_app_trigger_haptic_feedback').at(-1)).toMatchObject({
      type: 'notification',
      notification_type: 'error',
    });
  });
});
