import { z } from 'zod';
import { id, mobile as mobileField } from './fields';

/**
 * Shipping addresses (/api/user/address_*). Countries are ISO 3166-1 alpha-2 codes; regions are
 * codes of the country's list (GET /api/user/area) or free text where the country has no list.
 * Names come back in the request's language.
 */

const text = (key: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: key }).min(1, { error: key }).max(max, { error: 'address.tooLong' }),
  );

/** POST /api/user/address_add: a new address, or an edit when `id` is given. */
export const addressSaveBody = z.object({
  id: id('errors.notFound').optional(),
  addressee: text('address.addresseeRequired', 64),
  mobile: mobileField.pipe(z.string({ error: 'address.mobileRequired' })),
  country: z
    .string({ error: 'address.countryRequired' })
    .regex(/^[A-Z]{2}$/, { error: 'address.countryRequired' }),
  region: text('address.regionRequired', 64),
  detail: text('address.detailRequired', 200),
  /** home, company, other, or the shopper's own word. */
  tag: text('address.tagRequired', 20),
  is_default: z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.boolean()).optional(),
});
export type AddressSaveBody = z.infer<typeof addressSaveBody>;

export const addressIdQuery = z.object({ id: id('errors.notFound') });

/** GET /api/user/area: countries, or the regions of `country`. */
export const areaQuery = z.object({
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, { error: 'address.countryRequired' })
    .optional(),
});

export const addressItem = z.object({
  id: z.number().int(),
  addressee: z.string(),
  mobile: z.string(),
  country: z.string(),
  /** The country's name in the request's language. */
  countryName: z.string(),
  region: z.string(),
  /** The region's name in the request's language (the text itself where there is no list). */
  regionName: z.string(),
  detail: z.string(),
  tag: z.string(),
  isDefault: z.boolean(),
});
export type AddressItem = z.infer<typeof addressItem>;

/** A country, or a region of one. `hasRegions`: the country has a list (else free text). */
export const areaItem = z.object({ code: z.string(), name: z.string(), hasRegions: z.boolean() });
export type AreaItem = z.infer<typeof areaItem>;

/** POST /api/user/tg_contact: the signed contact string Telegram's client handed the Mini App. */
export const telegramContactBody = z.object({
  contact: z
    .string({ error: 'address.contactInvalid' })
    .min(1, { error: 'address.contactInvalid' })
    .max(4096, {
      error: 'address.contactInvalid',
    }),
});
/** The shopper's own phone number (E.164, "+" and digits) and name, as Telegram vouches for them. */
export const telegramContact = z.object({ mobile: z.string(), name: z.string() });
export type TelegramContact = z.infer<typeof telegramContact>;

const coordinate = (max: number) =>
  z.coerce
    .number({ error: 'address.locationInvalid' })
    .min(-max, { error: 'address.locationInvalid' })
    .max(max, { error: 'address.locationInvalid' });
/** GET /api/user/area_at: a point the shopper's phone reported (Telegram's location manager). */
export const areaAtQuery = z.object({ latitude: coordinate(90), longitude: coordinate(180) });
/** The country at that point (ISO 3166-1 alpha-2), null at sea; the region stays the shopper's to pick. */
export const areaAt = z.object({ country: z.string().nullable() });
