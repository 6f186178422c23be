import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { asc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../locales/en-US.json';
import { paths } from '../../common/paths';
import type { AddressItem } from '../../common/schemas/address';
import { addresses } from '../../server/db/schema';
import { at } from './support/page';
import { useRealServer } from './support/server';
import { useSmallShop } from './support/shop-fixture';
import { startApp, storeToken } from './support/start-app';

/**
 * /address and /addressForm in a plain browser against the real server: the form checks what the
 * server checks before sending, countries are searched and regions chosen from their list, the
 * default moves and addresses are deleted after a question, and pick mode hands the chosen
 * address back. Also what a visitor meets on the bag and the product page.
 */
const server = useRealServer();
const shop = useSmallShop(server);
afterEach(() => vi.restoreAllMocks());

let shopperNo = 0;
async function loggedIn() {
  const shopper = await server.api.register(`addr_app_${++shopperNo}`);
  await storeToken(shopper.token);
  return shopper;
}

const rowsOf = (userId: number) =>
  server.api.database.db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(asc(addresses.id));
const input = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
const save = () => fireEvent.click(screen.getByTestId('main-action'));

async function saved(token: string, body: Record<string, unknown>) {
  const res = await server.api.endpoint<AddressItem>('address.save', { token, body });
  if (res.code !== 1) throw new Error(res.msg);
  return res.data;
}
const BERLIN = {
  addressee: 'Erika Mustermann',
  mobile: '+49 30 1234567',
  country: 'DE',
  region: 'DE-BE',
  detail: 'Unter den Linden 1',
  tag: 'home',
};

describe('address form: checked before sending', () => {
  it('each missing or bad field is named, next to it and in a toast, and nothing is sent', async () => {
    const { id } = await loggedIn();
    await startApp(paths.addressForm.href());
    await screen.findByTestId('main-action');
    const expectProblem = async (text: string) => {
      await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(text));
      expect((await screen.findAllByTestId('toast')).map((t) => t.textContent)).toContain(text);
    };
    save();
    await expectProblem(en.address.addresseeRequired);
    type('addressee', 'Ada Lovelace');
    save();
    await expectProblem(en.address.mobileRequired);
    type('mobile', 'call me');
    save();
    await expectProblem(en.errors.mobile);
    type('mobile', '+1 555 0100 200');
    save();
    // The country starts as the interface language's (en-US: the United States), with its states.
    await expectProblem(en.address.regionRequired);
    const states = await screen.findByTestId('address-region-select');
    await waitFor(() => expect(within(states).getByText('New York')).toBeTruthy());
    fireEvent.change(states, { target: { value: 'US-NY' } });
    save();
    await expectProblem(en.address.detailRequired);
    fireEvent.click(screen.getByTestId('address-tag-own'));
    type('detail', '1 Main Street, New York');
    save();
    await expectProblem(en.address.tagRequired);
    expect(await rowsOf(id)).toEqual([]);
  });
});

describe('address form: saving', () => {
  it('a country found by searching, a region from its list, a tag: saved, the first one the default', async () => {
    const { id } = await loggedIn();
    await startApp(paths.address.href());
    await screen.findByTestId('address-empty');
    fireEvent.click(screen.getByTestId('main-action'));
    await at(paths.addressForm.href());
    await screen.findByTestId('address-country');
    type('addressee', 'Erika Mustermann');
    type('mobile', '+49 30 1234567');
    fireEvent.click(screen.getByTestId('address-country'));
    fireEvent.change(screen.getByLabelText(en.address.countrySearch), { target: { value: 'germ' } });
    const options = await within(screen.getByRole('listbox')).findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Germany']);
    fireEvent.click(options[0]);
    const region = await screen.findByTestId('address-region-select');
    await waitFor(() => expect(within(region).getByText('Bavaria')).toBeTruthy());
    expect(screen.getByLabelText(en.address.region)).toBe(region);
    fireEvent.change(region, { target: { value: 'DE-BY' } });
    type('detail', 'Marienplatz 1, 80331 München');
    fireEvent.click(screen.getByTestId('address-tag-company'));
    save();
    await at(paths.address.href());
    const [row] = await rowsOf(id);
    expect(row).toMatchObject({ country: 'DE', region: 'DE-BY', tag: 'company', isDefault: true });
    const card = await screen.findByTestId(`address-${row.id}`);
    expect(card.textContent).toContain('Bavaria, Germany');
    expect(within(card).getByTestId(`address-${row.id}-default`)).toBeTruthy();
  });

  it('a country without a list takes its region as text; an edit keeps the rest', async () => {
    const { id, token } = await loggedIn();
    const first = await saved(token, BERLIN);
    await startApp(paths.addressForm.href(first.id));
    await waitFor(() => expect(input('addressee').value).toBe('Erika Mustermann'));
    fireEvent.click(screen.getByTestId('address-country'));
    fireEvent.change(screen.getByLabelText(en.address.countrySearch), { target: { value: 'france' } });
    fireEvent.click(await screen.findByTestId('country-FR'));
    expect(screen.queryByTestId('address-region-select')).toBeNull();
    type('region', 'Île-de-France');
    type('detail', '1 Rue de Rivoli, Paris');
    // The only address stays the default: the switch cannot be turned off, and says so.
    const isDefault = screen.getByRole('checkbox', { name: en.address.isDefault });
    expect(isDefault).toBe(screen.getByTestId('address-default'));
    expect((isDefault as HTMLInputElement).disabled).toBe(true);
    const why = document.getElementById(isDefault.getAttribute('aria-describedby') ?? '');
    expect(why?.textContent).toBe(en.address.alwaysDefault);
    save();
    await waitFor(async () => expect((await rowsOf(id))[0]?.country).toBe('FR'));
    expect((await rowsOf(id))[0]).toMatchObject({
      addressee: 'Erika Mustermann',
      region: 'Île-de-France',
      detail: '1 Rue de Rivoli, Paris',
      isDefault: true,
    });
  });
});

describe('address list', () => {
  it('moves the default, and deletes only after the question is answered yes', async () => {
    const { id, token } = await loggedIn();
    const first = await saved(token, BERLIN);
    const second = await saved(token, { ...BERLIN, addressee: 'Max Mustermann' });
    await startApp(paths.address.href());
    fireEvent.click(await screen.findByTestId(`address-${second.id}-set-default`));
    await waitFor(async () =>
      expect((await rowsOf(id)).filter((r) => r.isDefault).map((r) => r.id)).toEqual([second.id]),
    );
    await screen.findByTestId(`address-${second.id}-default`);

    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    fireEvent.click(screen.getByTestId(`address-${first.id}-delete`));
    expect(confirm).toHaveBeenCalledWith('Delete the address for Erika Mustermann?');
    expect(await rowsOf(id)).toHaveLength(2);
    confirm.mockReturnValue(true);
    fireEvent.click(screen.getByTestId(`address-${first.id}-delete`));
    await waitFor(() => expect(screen.queryByTestId(`address-${first.id}`)).toBeNull());
    expect((await rowsOf(id)).map((r) => r.id)).toEqual([second.id]);
  });
});

describe('address list: pick mode', () => {
  it('tapping an address goes back to the return path with address_id, in place of the list', async () => {
    const { token } = await loggedIn();
    await saved(token, BERLIN);
    const chosen = await saved(token, { ...BERLIN, addressee: 'Max Mustermann' });
    await startApp(paths.address.pick('/checkout?from=bag'));
    await screen.findByText(en.address.pickHint);
    const replace = vi.spyOn(window.history, 'replaceState');
    fireEvent.click(await screen.findByTestId(`address-${chosen.id}-pick`));
    await waitFor(() =>
      expect(replace.mock.calls.map((c) => c[2])).toContain(`/checkout?from=bag&address_id=${chosen.id}`),
    );
  });

  it('an address added on the way is picked as it is saved: on to the return path with it chosen', async () => {
    const { id } = await loggedIn();
    const returnTo = paths.checkout.buyNow({ productId: shop.mug, specId: 0, number: 1 });
    const pick = paths.address.pick(returnTo);
    await startApp(paths.address.href());
    await screen.findByTestId('address-empty');
    // Opened from the checkout: the list in pick mode, then the form, still picking.
    window.history.pushState({ idx: 1 }, '', pick);
    fireEvent(window, new PopStateEvent('popstate'));
    await screen.findByTestId('main-action');
    fireEvent.click(screen.getByTestId('main-action'));
    await at(paths.addressForm.href());
    expect(paths.addressForm.parsePick(window.location.search)).toBe(returnTo);
    await screen.findByTestId('address-country');
    type('addressee', 'Ada Lovelace');
    type('mobile', '+44 20 7946 0000');
    fireEvent.click(screen.getByTestId('address-country'));
    fireEvent.click(await screen.findByTestId('country-GB'));
    type('region', 'Greater London');
    type('detail', '10 Downing Street');
    const replace = vi.spyOn(window.history, 'replaceState');
    save();
    await waitFor(async () => expect(await rowsOf(id)).toHaveLength(1));
    const [row] = await rowsOf(id);
    // In place of the form: the checkout, its purchase kept, the new address chosen.
    await waitFor(() =>
      expect(`${window.location.pathname}${window.location.search}`).toBe(
        paths.address.picked(returnTo, row.id),
      ),
    );
    expect(replace.mock.calls.map((c) => c[2])).toContain(paths.address.picked(returnTo, row.id));
  });

  it('an edit from the list, picking or not, comes back to the list', async () => {
    const { id, token } = await loggedIn();
    const first = await saved(token, BERLIN);
    const pick = paths.address.pick('/checkout');
    await startApp(paths.address.href());
    await screen.findByTestId(`address-${first.id}`);
    window.history.pushState({ idx: 1 }, '', pick);
    fireEvent(window, new PopStateEvent('popstate'));
    await screen.findByText(en.address.pickHint);
    fireEvent.click(screen.getByTestId(`address-${first.id}-edit`));
    await at(paths.addressForm.href(first.id));
    await waitFor(() => expect(input('addressee').value).toBe('Erika Mustermann'));
    type('detail', 'Unter den Linden 2');
    save();
    await waitFor(() => expect(`${window.location.pathname}${window.location.search}`).toBe(pick));
    expect((await rowsOf(id)).map((r) => r.detail)).toEqual(['Unter den Linden 2']);
    await screen.findByTestId(`address-${first.id}-pick`);
  });
});

describe('a visitor', () => {
  it('opening the bag is asked to log in first', async () => {
    await startApp(paths.bag.href());
    await at(paths.login.href());
    expect((await screen.findByTestId('toast')).textContent).toBe(en.auth.loginFirst);
  });

  it('adding to the bag from a product page is sent to log in first', async () => {
    await startApp(paths.detail.href(shop.mug));
    fireEvent.click(await screen.findByTestId('detail-add'));
    await at(paths.login.href());
    expect((await screen.findByTestId('toast')).textContent).toBe(en.auth.loginFirst);
  });
});
