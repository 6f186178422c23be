import { call } from '../../api/call';
import type { RequestOptions } from '../../api/client';

/**
 * Help, legal texts and the platform's links, typed by common/schemas. Reads do not toast their
 * failures: each screen shows its own error state with a retry.
 */
const quiet: RequestOptions = { showError: false };

export const supportApi = {
  help: () => call('content.helpSupport', {}, quiet),
  law: () => call('content.law', {}, quiet),
  /** Platform name and links (customer service) from the home call. */
  platform: () => call('catalog.platform', {}, quiet),
};
