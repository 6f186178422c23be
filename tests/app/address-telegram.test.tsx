import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import de from '../../locales/de-DE.json';
import { TEST_BOT_TOKEN } from '../support/app';
import type { TelegramTestUser } from '../support/telegram';
import { useRealServer } from './support/server';
import { startApp } from './support/start-app';
import { fakeTelegram, type FakeTelegramOptions } from './support/telegram-client';

/**
 * "Use my Telegram phone number" on /addressForm inside the mocked client (Mini Apps 6.9's
 * requestContact), against the real server that checks the signed contact: shared, it fills the
 * phone and an empty name; refused, nothing is filled and the shopper reads why; a contact of
 * another account is refused by the server; a client without the method shows no button.
 */
useRealServer();
let nextTgId = 7_500_000_000;

async function openForm(options: FakeTelegramOptions = {}) {
  const user: TelegramTestUser = {
    id: nextTgId++,
    first_name: 'Greta',
    last_name: 'Muster',
    language_code: 'de',
  };
  const tg = fakeTelegram({ botToken: TEST_BOT_TOKEN, user, ...options });
  await startApp('/addressForm');
  await screen.findByText(de.address.mobile);
  return { tg, user };
}

const field = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const toastText = () => screen.queryByTestId('toast')?.textContent ?? '';

describe('/addressForm: the phone number from Telegram', () => {
  it('shared: the signed number fills the phone field, and the empty name with the Telegram name', async () => {
    const { tg } = await openForm({ phone: 'shared' });
    fireEvent.click(await screen.findByTestId('telegram-phone'));
    await waitFor(() => expect(field('mobile').value).toBe('+491701234567'));
    expect(field('addressee').value).toBe('Greta Muster');
    expect(tg.callsOf('web_app_request_phone')).toHaveLength(1);
    await waitFor(() => expect(toastText()).toBe(de.address.phoneFromTelegram));
  });

  it('a name already typed stays', async () => {
    await openForm({ phone: 'shared' });
    fireEvent.change(field('addressee'), { target: { value: 'Erika Beispiel' } });
    fireEvent.click(await screen.findByTestId('telegram-phone'));
    await waitFor(() => expect(field('mobile').value).toBe('+491701234567'));
    expect(field('addressee').value).toBe('Erika Beispiel');
  });

  it('refused: nothing is filled and the shopper reads that no number was shared', async () => {
    await openForm({ phone: 'denied' });
    fireEvent.click(await screen.findByTestId('telegram-phone'));
    await waitFor(() => expect(toastText()).toBe(de.address.phoneNotShared));
    expect(field('mobile').value).toBe('');
  });

  it("another account's contact: the server refuses it, nothing is filled", async () => {
    await openForm({
      phone: 'shared',
      contact: { user_id: 1_234_567, phone_number: '15551234567', first_name: 'Mallory' },
    });
    fireEvent.click(await screen.findByTestId('telegram-phone'));
    await waitFor(() => expect(toastText()).toBe(de.address.contactNotYours));
    expect(field('mobile').value).toBe('');
    expect(field('addressee').value).toBe('');
  });
});

describe('/addressForm: the country from the location', () => {
  const countryOf = () => screen.getByTestId('address-country').textContent ?? '';

  it('shared: the country at the phone’s position is chosen and the region left to pick', async () => {
    const { tg } = await openForm({ location: { latitude: 13.7563, longitude: 100.5018 } });
    fireEvent.click(await screen.findByTestId('telegram-location'));
    await waitFor(() => expect(toastText()).toBe(de.address.locationCountry));
    await waitFor(() => expect(countryOf()).toContain('Thailand'));
    expect(tg.callsOf('web_app_request_location')).toHaveLength(1);
    // Thailand's provinces to pick from, none picked.
    await waitFor(() =>
      expect(
        (screen.getByTestId('address-region-select') as HTMLSelectElement).options.length,
      ).toBeGreaterThan(70),
    );
    expect((screen.getByTestId('address-region-select') as HTMLSelectElement).value).toBe('');
  });

  it('at sea: no country, the list stays as it was', async () => {
    await openForm({ location: { latitude: 0, longitude: -140 } });
    // The interface language's country (German: Germany) until then.
    await waitFor(() => expect(countryOf()).toContain('Deutschland'));
    fireEvent.click(await screen.findByTestId('telegram-location'));
    await waitFor(() => expect(toastText()).toBe(de.address.locationNoCountry));
    expect(countryOf()).toContain('Deutschland');
  });

  it('refused: the shopper reads that access is off', async () => {
    const { tg } = await openForm({ location: 'denied' });
    fireEvent.click(await screen.findByTestId('telegram-location'));
    await waitFor(() => expect(toastText()).toBe(de.address.locationDenied));
    expect(tg.callsOf('web_app_request_location')).toHaveLength(1);
  });

  it('a phone without location: the shopper is told to pick the country', async () => {
    const { tg } = await openForm();
    fireEvent.click(await screen.findByTestId('telegram-location'));
    await waitFor(() => expect(toastText()).toBe(de.address.locationUnavailable));
    expect(tg.callsOf('web_app_request_location')).toEqual([]);
  });
});
