import { Button, List, Section } from '@telegram-apps/telegram-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { useEndpointMutation } from '@app/api/use-endpoint-mutation';
import { Page } from '@app/components/Page';
import { toast } from '@app/components/toast-store';
import { saveLogin, telegramLogin } from '@app/stores/session';
import { tgEnv } from '@app/telegram/env';
import { firstError } from '../validate';
import { Field } from '@app/components/Field';
import { Form } from '@app/components/Form';
import { paths } from '@common/paths';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const env = useSnapshot(tgEnv);
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [telegramBusy, setTelegramBusy] = useState(false);

  const login = useEndpointMutation('user.login', {
    request: { isToken: false },
    // Busy from the check on: the rules load with the first one, and a second tap must wait.
    run: async (send, _: void) => {
      const error = await firstError((s) => s.loginBody, { account, password });
      if (error) return void toast.show(error);
      await saveLogin(await send({ account, password }));
      navigate(paths.profile.href(), { replace: true });
    },
  });
  const submit = () => login.mutate();

  const withTelegram = async () => {
    setTelegramBusy(true);
    if (await telegramLogin()) navigate(paths.profile.href(), { replace: true });
    setTelegramBusy(false);
  };
  const busy = login.busy || telegramBusy;

  return (
    <Page main={{ text: t('auth.login'), onClick: submit, loading: busy }}>
      <List>
        <Form onSubmit={() => submit()}>
          <Section header={t('app.welcome')}>
            <Field
              label={t('auth.account')}
              placeholder={t('auth.accountPlaceholder')}
              autoComplete="username"
              value={account}
              onChange={(e) => setAccount(e.target.value)}
              name="account"
            />
            <Field
              label={t('auth.password')}
              placeholder={t('auth.passwordPlaceholder')}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              name="password"
            />
          </Section>
        </Form>
        {env.inTelegram && env.initDataRaw && (
          <div className="login-telegram">
            <Button mode="bezeled" size="l" stretched onClick={withTelegram} disabled={busy}>
              {t('auth.telegramLogin')}
            </Button>
          </div>
        )}
      </List>
      <div className="form-footer">
        <span>{t('auth.noAccount')}</span>
        <button type="button" className="link-button" onClick={() => navigate(paths.register.href())}>
          {t('auth.toRegister')}
        </button>
        <span aria-hidden="true">·</span>
        <button type="button" className="link-button" onClick={() => navigate(paths.forgotPassword.href())}>
          {t('auth.forgot')}
        </button>
      </div>
    </Page>
  );
}
