import { useTranslation } from 'react-i18next';
import { useLoad } from '../../api/use-load';
import { supportApi } from './api';

/**
 * The customer service address the server is configured with (/api/index/index), or '' while it
 * loads, when it failed, or when none is set: the entry that opens it is then left out.
 */
export function useServiceLink(): string {
  const { i18n } = useTranslation();
  const platform = useLoad(`platform:${i18n.language}`, supportApi.platform);
  return platform.data?.serviceUrl.trim() ?? '';
}
