import { List, Section } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { Page } from '@app/components/Page';
import { LinkCell } from '../components/LinkCell';
import '../support.css';
import { paths } from '@common/paths';

/** The password hub: the login password, the payment password, and what to do when one is forgotten. */
export default function PasswordsPage() {
  const { t } = useTranslation();
  return (
    <Page className="support-page">
      <List>
        <Section>
          <LinkCell
            to={paths.changePassword.href()}
            subtitle={t('security.loginPasswordHint')}
            data-testid="to-login-password"
          >
            {t('security.loginPassword')}
          </LinkCell>
          <LinkCell
            to={paths.changePayPwd.href()}
            subtitle={t('security.payPasswordHint')}
            data-testid="to-pay-password"
          >
            {t('security.payPassword')}
          </LinkCell>
        </Section>
        <Section>
          <LinkCell
            to={paths.forgotPassword.href()}
            subtitle={t('support.forgotHint')}
            data-testid="to-forgot-password"
          >
            {t('routes.forgotPassword')}
          </LinkCell>
        </Section>
      </List>
    </Page>
  );
}
