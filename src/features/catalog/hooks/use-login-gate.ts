import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../../components/toast-store';
import { session } from '../../../stores/session';
import { paths } from '../../../../common/paths';

/** Actions that need an account (follow, favourite): a visitor is sent to /login first. */
export function useLoginGate(): () => boolean {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return useCallback(() => {
    if (session.token) return true;
    toast.show(t('auth.loginFirst'));
    navigate(paths.login.href());
    return false;
  }, [navigate, t]);
}
