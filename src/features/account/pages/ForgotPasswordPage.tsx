import { Button, Placeholder } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Page } from '../../../components/Page';
import { useHasScreen } from '../../../components/screen-routes';
import { paths } from '../../../../common/paths';

/** Passwords cannot be reset by e-mail yet: point to Telegram login and customer service. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const hasScreen = useHasScreen();
  return (
    <Page className="account-page">
      <Placeholder
        header={t('auth.forgotTitle')}
        description={t('auth.forgotText')}
        action={
          <div className="stacked-actions">
            <Button size="l" stretched onClick={() => navigate(paths.login.href(), { replace: true })}>
              {t('auth.toLogin')}
            </Button>
            {hasScreen(paths.service.href()) && (
              <Button size="l" mode="bezeled" stretched onClick={() => navigate(paths.service.href())}>
                {t('auth.contactService')}
              </Button>
            )}
          </div>
        }
      />
    </Page>
  );
}
