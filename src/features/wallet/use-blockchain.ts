import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FirstAnswers } from '../../api/first-answers';
import { queryKeyOf } from '../../api/query-client';
import { walletApi } from './api';

const blockchainAnswer = { name: 'wallet.getBlockchain', params: {}, load: walletApi.getBlockchain } as const;

/** The top-up screens' first answer, asked for during start-up when the app opens on one. */
export const blockchainFirst: FirstAnswers = () => [blockchainAnswer];

/** The networks and the top-up limits (GET getBlockchain), shared by the top-up screens. */
export function useBlockchain() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: queryKeyOf(blockchainAnswer.name, blockchainAnswer.params, i18n.language),
    queryFn: blockchainAnswer.load,
  });
}
