import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { currentUser } from '../../lib/http';
import { Answer, serve } from '../../lib/serve';
import {
  deleteAddress,
  getAddress,
  listAddresses,
  saveAddress,
  setDefaultAddress,
  toAddressItem,
} from './addresses';
import { countryAt, countryList, isCountry, regionList } from './areas';
import { verifyContact } from './telegram-contact';

/** /api/user/address_*, /api/user/area and /api/user/tg_contact. */
export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  serve(app, 'address.list', async (_none, request) =>
    listAddresses(db, currentUser(request).id, request.lang),
  );

  serve(app, 'address.get', async ({ id }, request) =>
    toAddressItem(await getAddress(db, currentUser(request).id, id), request.lang),
  );

  serve(app, 'address.save', async (body, request) => {
    const row = await saveAddress(db, currentUser(request).id, body);
    return new Answer(toAddressItem(row, request.lang), 'address.saved');
  });

  serve(app, 'address.setDefault', async ({ id }, request) => {
    const userId = currentUser(request).id;
    await setDefaultAddress(db, userId, id);
    return new Answer(await listAddresses(db, userId, request.lang), 'address.defaultSet');
  });

  serve(app, 'address.del', async ({ id }, request) => {
    const userId = currentUser(request).id;
    await deleteAddress(db, userId, id);
    return new Answer(await listAddresses(db, userId, request.lang), 'address.deleted');
  });

  // The shopper's phone number from Telegram, for the form (requestContact): checked, never stored here.
  serve(app, 'address.telegramContact', async ({ contact }, request) =>
    verifyContact(contact, app.config.BOT_TOKEN, currentUser(request).telegramId),
  );

  serve(app, 'address.areaAt', async ({ latitude, longitude }) => ({
    country: countryAt(latitude, longitude),
  }));

  serve(app, 'address.area', async ({ country }, request) => {
    if (country === undefined) return countryList(request.lang);
    if (!isCountry(country)) throw new AppError('address.countryUnknown');
    return regionList(country, request.lang);
  });
};
