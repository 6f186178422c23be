import { useLoad } from '../../api/use-load';
import { isUsableLink } from '../../telegram/open-link';
import { supportApi } from './api';

/**
 * The customer service address the server is configured with (/api/index/index), or '' while it
 * loads, when it failed, or when none is set (or it leads nowhere): the entry is then left out.
 */
export function useServiceLink(): string {
  const platform = useLoad('catalog.platform', {}, supportApi.platform);
  const url = platform.data?.serviceUrl.trim();
  return isUsableLink(url) ? url : '';
}
