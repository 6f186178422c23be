import { expect } from 'vitest';
import { translate } from '../../server/lib/i18n';

/**
 * A refusal as every bad input gets it: HTTP 200, code 0, the stable key and its text in the
 * request's language, no data.
 */
export function expectRefused(
  res: object,
  key: string,
  params: Record<string, string | number> = {},
  lang = 'en-US',
) {
  expect(res).toMatchObject({
    status: 200,
    code: 0,
    error: key,
    msg: translate(lang as never, key, params),
    data: null,
  });
}
