/** A Berlin shopper's address as POST /api/user/address_add takes it, made the default. */
export const TEST_ADDRESS_BODY = {
  addressee: 'Greta Muster',
  mobile: '+49 30 7654321',
  country: 'DE',
  region: 'DE-BE',
  detail: 'Alexanderplatz 1',
  tag: 'home',
  is_default: true,
} as const;
