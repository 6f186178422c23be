import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryKeyOf } from '../../api/query-client';
import { walletApi } from './api';

/** The networks and the top-up limits (GET getBlockchain), shared by the top-up screens. */
export function useBlockchain() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: queryKeyOf('wallet.getBlockchain', {}, i18n.language),
    queryFn: () => walletApi.getBlockchain(),
  });
}
