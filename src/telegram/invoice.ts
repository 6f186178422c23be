import { invoice } from '@telegram-apps/sdk-react';
import { haptic } from './buttons';

/** How a Telegram invoice closed; anything the client says besides these counts as failed. */
export type InvoiceOutcome = 'paid' | 'cancelled' | 'pending' | 'failed';

/**
 * Opens an invoice link (createInvoiceLink's, with the SDK's invoice.open(link, 'url')) and answers
 * how it closed, with the haptic a paid or failed payment gets. Throws where no invoice opened.
 */
export async function payInvoice(link: string): Promise<InvoiceOutcome> {
  const status = await invoice.open(link, 'url');
  const outcome: InvoiceOutcome =
    status === 'paid' || status === 'cancelled' || status === 'pending' ? status : 'failed';
  if (outcome === 'paid') haptic.success();
  else if (outcome === 'failed') haptic.error();
  return outcome;
}
