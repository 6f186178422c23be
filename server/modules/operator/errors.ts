import { AppError } from '../../lib/errors';
import { translate } from '../../lib/i18n';

/**
 * An operator action that cannot be done as asked (unknown shopper, order not waiting delivery).
 * Operators read English (the command line, the operators' chat), so the message is the text
 * itself, not a translation key; `code` is the stable name scripts and the bot decide by.
 */
export class OperatorError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The English text and stable code of a refusal from an operator service, or undefined for a fault. */
export function describeRefusal(err: unknown): { code: string; message: string } | undefined {
  if (err instanceof OperatorError) return { code: err.code, message: err.message };
  if (err instanceof AppError) return { code: err.key, message: translate('en-US', err.key, err.params) };
  return undefined;
}
