import { List, Section } from '@telegram-apps/telegram-ui';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Page } from '../../../components/Page';
import { loadUserInfo, session } from '../../../stores/session';
import { NavCell } from '../components/NavCell';

export default function SecurityPage() {
  const { t } = useTranslation();
  const { userInfo } = useSnapshot(session);
  const hasPay = Boolean(userInfo?.hasPayPassword);
  const payStatus = userInfo ? t(hasPay ? 'common.set' : 'common.notSet') : undefined;

  useEffect(() => {
    if (!session.userInfo) loadUserInfo().catch(() => undefined);
  }, []);

  return (
    <Page className="account-page">
      <List>
        <Section>
          <NavCell
            to="/changePassword"
            value={t('security.change')}
            subtitle={t('security.loginPasswordHint')}
            data-testid="security-login"
          >
            {t('security.loginPassword')}
          </NavCell>
          <NavCell
            to="/changePayPwd"
            value={hasPay ? t('security.change') : t('security.setUp')}
            subtitle={payStatus}
            description={t('security.payPasswordHint')}
            data-testid="security-pay"
          >
            {t('security.payPassword')}
          </NavCell>
        </Section>
      </List>
    </Page>
  );
}
