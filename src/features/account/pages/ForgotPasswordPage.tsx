import { Button, Placeholder } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Page } from '../../../components/Page';

/** Passwords cannot be reset by e-mail yet: point to Telegram login and customer service. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Page className="account-page">
      <Placeholder
        header={t('auth.forgotTitle')}
        description={t('auth.forgotText')}
        action={
          <div className="stacked-actions">
            <Button size="l" stretched onClick={() => navigate('/login', { replace: true })}>
              {t('auth.toLogin')}
            </Button>
            <Button size="l" mode="bezeled" stretched onClick={() => navigate('/service')}>
              {t('auth.contactService')}
            </Button>
          </div>
        }
      />
    </Page>
  );
}
