import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from '@app/components/toast-store';
import { session } from '@app/stores/session';
import { paths } from '@common/paths';
import { startUp } from '@app/app/start-up';

/**
 * Actions that need an account (follow, favourite, add to bag, buy now): a visitor is sent to
 * /login first. While the start-up's silent Telegram login is still on its way (the public screens
 * show before it ends), the action waits for it instead of sending a Telegram shopper to /login.
 */
export function useLoginGate(): () => Promise<boolean> {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return useCallback(async () => {
    if (!session.token && !startUp.done) await startUp.finished;
    if (session.token) return true;
    toast.show(t('auth.loginFirst'));
    navigate(paths.login.href());
    return false;
  }, [navigate, t]);
}
