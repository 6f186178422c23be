import { ApiError } from './client';
import { t } from '../i18n';

/** The message a failed call shows: the client's translated message, else the generic one. */
export const errorText = (e: unknown): string =>
  e instanceof Error && e.message ? e.message : t('common.loadFailed');

/** A business refusal (envelope code 0: not found, bad input), not a transport fault worth retrying. */
export const isRefusal = (e: unknown): boolean => e instanceof ApiError && e.code === 0;
