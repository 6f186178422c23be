import { ButtonCell, List, Section } from '@telegram-apps/telegram-ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { Page } from '@app/components/Page';
import { toast } from '@app/components/toast-store';
import { loadUserInfo, logoutEverywhere, session } from '@app/stores/session';
import { NavCell } from '../components/NavCell';
import { PayDevices } from '../components/PayDevices';
import { confirmAction } from '@app/telegram/confirm';
import { paths } from '@common/paths';

export default function SecurityPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { userInfo } = useSnapshot(session);
  const [busy, setBusy] = useState(false);
  const hasPay = Boolean(userInfo?.hasPayPassword);
  const payStatus = userInfo ? t(hasPay ? 'common.set' : 'common.notSet') : undefined;

  useEffect(() => {
    if (!session.userInfo) loadUserInfo().catch(() => undefined);
  }, []);

  /** Every session ends (a stolen one too); then, like a logout, the shopper goes to login. */
  const onLogoutAll = async () => {
    if (busy || !(await confirmAction(t('auth.logoutAllConfirm'), t('auth.logoutAll')))) return;
    setBusy(true);
    try {
      await logoutEverywhere();
    } catch {
      // The API layer has shown why; the sessions are still there, so stay.
      setBusy(false);
      return;
    }
    toast.success(t('auth.loggedOutEverywhere'));
    navigate(paths.login.href(), { replace: true });
  };

  return (
    <Page className="account-page">
      <List>
        <Section>
          <NavCell
            to={paths.changePassword.href()}
            value={t('security.change')}
            subtitle={t('security.loginPasswordHint')}
            data-testid="security-login"
          >
            {t('security.loginPassword')}
          </NavCell>
          <NavCell
            to={paths.changePayPwd.href()}
            value={hasPay ? t('security.change') : t('security.setUp')}
            subtitle={payStatus}
            description={t('security.payPasswordHint')}
            data-testid="security-pay"
          >
            {t('security.payPassword')}
          </NavCell>
          <NavCell
            to={paths.passwords.href()}
            subtitle={t('security.passwordsHint')}
            data-testid="security-passwords"
          >
            {t('security.passwords')}
          </NavCell>
        </Section>
        <PayDevices />
        <Section footer={t('auth.logoutAllHint')}>
          <ButtonCell mode="destructive" onClick={onLogoutAll} disabled={busy} data-testid="logout-all">
            {t('auth.logoutAll')}
          </ButtonCell>
        </Section>
      </List>
    </Page>
  );
}
