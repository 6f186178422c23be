import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { startParamToPath } from '../../common/start-param';
import en from '../../locales/en-US.json';
import { seedNetworks } from '../../server/demo/networks-seed';
import { TEST_BOT_TOKEN } from '../support/app';
import { at } from './support/page';
import { useRealServer } from './support/server';
import { startApp } from './support/start-app';
import { fakeTelegram, sdkOfEachTest } from './support/telegram-client';

const sdk = sdkOfEachTest();

/**
 * The withdrawal screen inside a (mocked) Telegram client: the deep link opens it, Telegram's main
 * button is its primary action, and a refusal at a field is felt as well as read. (A file of its
 * own: the SDK is set up once per page, in or out of Telegram.)
 */
const server = useRealServer();
beforeAll(() => seedNetworks(server.api.database.db));

describe('withdraw inside Telegram', () => {
  it('inside Telegram the deep link "withdraw" opens it, and the main button continues with a haptic', async () => {
    const tg = fakeTelegram({ botToken: TEST_BOT_TOKEN, user: { id: 7_400_000_001, first_name: 'Ada' } });
    await startApp(startParamToPath('withdraw'));
    await at('/withDraw');
    await screen.findByTestId('withdraw-balance');
    await waitFor(() => expect(sdk.mainButton.text()).toBe(en.withdraw.continue));
    await act(async () => sdk.emitEvent('main_button_pressed'));
    expect((await screen.findByTestId('problem-amount')).textContent).toBe(en.withdraw.amountNotPositive);
    expect(tg.callsOf('web_app_trigger_haptic_feedback').at(-1)).toMatchObject({
      type: 'notification',
      notification_type: 'error',
    });
  });

  it('a scanned address of the chosen network fills the field; one of another network says which, and fills nothing', async () => {
    const ERC20 = `0x${'7f'.repeat(20)}`;
    const TRC20 = `T${'Qm'.repeat(16)}x`;
    const tg = fakeTelegram({
      botToken: TEST_BOT_TOKEN,
      user: { id: 7_400_000_002, first_name: 'Grace' },
      camera: [`ethereum:${ERC20}@1?value=1e18`, TRC20, 'hello'],
    });
    await startApp('/withDraw');
    await screen.findByTestId('withdraw-balance');
    fireEvent.click(screen.getByTestId('withdraw-type-chain'));
    const network = (await screen.findByTestId('network-select')) as HTMLSelectElement;
    const erc20 = [...network.options].find((o) => o.textContent === 'USDT-ERC20')!.value;
    fireEvent.change(network, { target: { value: erc20 } });
    const address = () => document.querySelector<HTMLInputElement>('input[name="address"]')!.value;
    const problem = () => screen.queryByTestId('scan-problem-address')?.textContent ?? null;
    const scan = () => act(async () => fireEvent.click(screen.getByTestId('scan-address')));

    await scan();
    await waitFor(() => expect(address()).toBe(ERC20));
    expect(tg.callsOf('web_app_open_scan_qr_popup')[0]).toEqual({ text: en.scan.addressPrompt });
    expect(tg.callsOf('web_app_trigger_haptic_feedback').at(-1)).toMatchObject({
      notification_type: 'success',
    });

    await scan();
    await waitFor(() =>
      expect(problem()).toBe(
        en.scan.otherNetwork.replaceAll('{{network}}', 'USDT-TRC20').replace('{{chosen}}', 'USDT-ERC20'),
      ),
    );
    expect(address()).toBe(ERC20);
    expect(network.value).toBe(erc20);
    expect(tg.callsOf('web_app_trigger_haptic_feedback').at(-1)).toMatchObject({
      notification_type: 'error',
    });

    await scan();
    await waitFor(() => expect(problem()).toBe(en.scan.notAddress));
    expect(address()).toBe(ERC20);
  });
});
