import { beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../server/lib/i18n';
import { TEST_BOT_TOKEN } from '../support/app';
import { signContact, type TelegramTestContact } from '../support/telegram';
import { checkoutApp } from './checkout-fixture';
import { shopper, type Shopper } from './wallet-fixture';
import { useApp } from '../support/use-app';

/**
 * The address form's help from Telegram. POST /api/user/tg_contact ("Use my Telegram phone
 * number"): the contact string the client hands over is trusted only when Telegram signed it for
 * this bot, recently, and it is the shopper's own account; the answer is the number in E.164 and
 * the name, and nothing is stored. GET /api/user/area_at ("Use my location"): the country at the
 * phone's position, from borders kept here.
 */
const t = useApp(() => checkoutApp());
let ada: Shopper;
let web: Shopper;
const ADA_TG = 7_400_000_001;

beforeAll(async () => {
  ada = await shopper(t, 'ada_contact', { telegramId: ADA_TG, payPassword: false });
  web = await shopper(t, 'web_contact', { payPassword: false });
});

const own: TelegramTestContact = {
  user_id: ADA_TG,
  phone_number: '491701234567',
  first_name: 'Ada',
  last_name: 'Lovelace',
};

const ask = (s: Shopper, contact: unknown, lang = 'en-US') =>
  t.endpoint('address.telegramContact', { token: s.token, lang, body: { contact } });

describe('POST /api/user/tg_contact', () => {
  it("answers the shopper's own number and name from a contact Telegram signed", async () => {
    expect(await ask(ada, signContact(TEST_BOT_TOKEN, own))).toMatchObject({
      code: 1,
      data: { mobile: '+491701234567', name: 'Ada Lovelace' },
    });
    // A number Telegram gives with its plus sign, a name without a last name.
    const plus = { ...own, phone_number: '+66 81 234 5678', last_name: undefined };
    expect(await ask(ada, signContact(TEST_BOT_TOKEN, plus))).toMatchObject({
      code: 1,
      data: { mobile: '+66812345678', name: 'Ada' },
    });
  });

  it.each([
    ['signed for another bot', () => signContact('999:another-bot-token', own), 'address.contactInvalid'],
    [
      'changed after signing',
      () => signContact(TEST_BOT_TOKEN, own).replace('491701234567', '491709999999'),
      'address.contactInvalid',
    ],
    [
      'signed an hour ago',
      () => signContact(TEST_BOT_TOKEN, own, new Date(Date.now() - 3_600_000)),
      'address.contactInvalid',
    ],
    [
      'dated in the future',
      () => signContact(TEST_BOT_TOKEN, own, new Date(Date.now() + 3_600_000)),
      'address.contactInvalid',
    ],
    [
      "another Telegram user's contact",
      () => signContact(TEST_BOT_TOKEN, { ...own, user_id: ADA_TG + 1 }),
      'address.contactNotYours',
    ],
    [
      'no hash',
      () => `contact=${encodeURIComponent(JSON.stringify(own))}&auth_date=1`,
      'address.contactInvalid',
    ],
    ['not a contact at all', () => 'hello', 'address.contactInvalid'],
    ['empty', () => '', 'address.contactInvalid'],
    ['not a string', () => 42, 'address.contactInvalid'],
  ])('refuses a contact %s, in the shopper’s language', async (_what, contact, error) => {
    const res = await ask(ada, contact(), 'ja-JP');
    expect(res).toMatchObject({ code: 0, error, msg: translate('ja-JP', error) });
  });

  it('refuses a shopper with no Telegram account, and a caller without a session', async () => {
    expect(await ask(web, signContact(TEST_BOT_TOKEN, own))).toMatchObject({
      code: 0,
      error: 'address.contactNotYours',
    });
    const res = await t.endpoint('address.telegramContact', {
      body: { contact: signContact(TEST_BOT_TOKEN, own) },
    });
    expect(res).toMatchObject({ code: 401 });
  });
});

describe('GET /api/user/area_at', () => {
  const at = async (query: string, s: Shopper | null = ada, lang = 'en-US') =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/user/area_at?${query}`,
        headers: { ...(s ? { token: s.token } : {}), lang },
      })
    ).json() as { code: number; error?: string; msg: string; data: { country: string | null } };

  it.each([
    ['Berlin', 52.52, 13.405, 'DE'],
    ['Bangkok', 13.7563, 100.5018, 'TH'],
    ['Tokyo', 35.6762, 139.6503, 'JP'],
    ['Istanbul (European side)', 41.0082, 28.9784, 'TR'],
    ['New York', 40.7128, -74.006, 'US'],
    ['the middle of the Pacific', 0, -140, null],
  ])('%s is in %s', async (_place, latitude, longitude, country) => {
    expect(await at(`latitude=${latitude}&longitude=${longitude}`)).toMatchObject({
      code: 1,
      data: { country },
    });
  });

  it.each([
    'latitude=91&longitude=0',
    'latitude=0&longitude=-181',
    'latitude=north&longitude=0',
    'longitude=0',
  ])('refuses %s in the shopper’s language', async (query) => {
    expect(await at(query, ada, 'de-DE')).toMatchObject({
      code: 0,
      error: 'address.locationInvalid',
      msg: translate('de-DE', 'address.locationInvalid'),
    });
  });

  it('needs a session', async () => {
    expect(await at('latitude=52.52&longitude=13.405', null)).toMatchObject({ code: 401 });
  });
});
