import { ButtonCell, List, Section } from '@telegram-apps/telegram-ui';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { useEndpointMutation } from '@app/api/use-endpoint-mutation';
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
  const leave = useEndpointMutation('user.logoutAll', {
    request: { repeatSubmit: false },
    run: (send) => logoutEverywhere(() => send(undefined)),
    onSuccess: () => {
      toast.success(t('auth.loggedOutEverywhere'));
      navigate(paths.login.href(), { replace: true });
    },
  });
  const hasPay = Boolean(userInfo?.hasPayPassword);
  const payStatus = userInfo ? t(hasPay ? 'common.set' : 'common.notSet') : undefined;

  useEffect(() => {
    if (!session.userInfo) loadUserInfo().catch(() => undefined);
  }, []);

  /**
   * Every session ends (a stolen one too); then, like a logout, the shopper goes to login. A refusal
   * is toasted by the client and the shopper stays: the sessions are still there.
   */
  const onLogoutAll = async () => {
    if (leave.busy || !(await confirmAction(t('auth.logoutAllConfirm'), t('auth.logoutAll')))) return;
    await leave.mutate(undefined);
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
          <ButtonCell mode="destructive" onClick={onLogoutAll} disabled={leave.busy} data-testid="logout-all">
            {t('auth.logoutAll')}
          </ButtonCell>
        </Section>
      </List>
    </Page>
  );
}
