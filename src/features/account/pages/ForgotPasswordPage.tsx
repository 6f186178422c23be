import { Button, List, Placeholder, Section } from '@telegram-apps/telegram-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useEndpointMutation } from '@app/api/use-endpoint-mutation';
import { Field } from '@app/components/Field';
import { Form } from '@app/components/Form';
import { Page } from '@app/components/Page';
import { useHasScreen } from '@app/components/screen-routes';
import { toast } from '@app/components/toast-store';
import { firstError } from '../validate';
import { paths } from '@common/paths';

type Step = 'account' | 'code' | 'service';

/**
 * A forgotten password: the account name, a 6-digit code the bot sends to the linked
 * Telegram account, then a new password twice; every session ends, so the shopper logs in again.
 * An account the bot cannot reach (no linked Telegram) is pointed to customer service.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const hasScreen = useHasScreen();
  const [step, setStep] = useState<Step>('account');
  const [account, setAccount] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');

  const codeSending = useEndpointMutation('user.forgotCode', {
    request: { isToken: false },
    // Busy from the check on: the rules load with the first one, and a second tap must wait.
    run: async (send, _: void) => {
      const error = await firstError((s) => s.forgotCodeBody, { account });
      if (error) return void toast.show(error);
      const { via } = await send({ account });
      setStep(via === 'telegram' ? 'code' : 'service');
      if (via === 'telegram') toast.success(t('forgotByBot.sentTo'));
    },
  });
  const reset = useEndpointMutation('user.forgotReset', {
    request: { isToken: false },
    run: async (send, _: void) => {
      const body = { account, code, password, password_confirm: confirm };
      const error = await firstError((s) => s.forgotResetBody, body);
      if (error) return void toast.show(error);
      await send(body);
      toast.success(t('password.changedRelogin'));
      navigate(paths.login.href(), { replace: true });
    },
  });
  const sendCode = () => codeSending.mutate();
  const resetPassword = () => reset.mutate();
  const busy = codeSending.busy || reset.busy;

  if (step === 'service')
    return (
      <Page className="account-page">
        <Placeholder
          header={t('forgotByBot.serviceTitle')}
          description={t('forgotByBot.serviceText')}
          action={
            <div className="stacked-actions">
              {hasScreen(paths.service.href()) && (
                <Button size="l" stretched onClick={() => navigate(paths.service.href())}>
                  {t('forgotByBot.toService')}
                </Button>
              )}
              <Button
                size="l"
                mode="bezeled"
                stretched
                onClick={() => navigate(paths.login.href(), { replace: true })}
              >
                {t('forgotByBot.toLogin')}
              </Button>
            </div>
          }
        />
      </Page>
    );

  const onCode = step === 'code';
  return (
    <Page
      main={{
        text: t(onCode ? 'forgotByBot.reset' : 'forgotByBot.send'),
        onClick: onCode ? resetPassword : sendCode,
        loading: busy,
      }}
    >
      <List>
        <Form onSubmit={() => (onCode ? resetPassword() : sendCode())}>
          <Section
            header={t('forgotByBot.title')}
            footer={t(onCode ? 'forgotByBot.sentTo' : 'forgotByBot.intro')}
          >
            <Field
              label={t('forgotByBot.account')}
              placeholder={t('forgotByBot.accountPlaceholder')}
              autoComplete="username"
              value={account}
              readOnly={onCode}
              onChange={(e) => setAccount(e.target.value)}
              name="account"
            />
            {onCode && (
              <>
                <Field
                  label={t('forgotByBot.code')}
                  placeholder={t('forgotByBot.codePlaceholder')}
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  maxLength={6}
                  value={code}
                  onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
                  name="code"
                />
                <Field
                  label={t('forgotByBot.newPassword')}
                  placeholder={t('forgotByBot.passwordPlaceholder')}
                  type="password"
                  autoComplete="new-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  name="password"
                />
                <Field
                  label={t('forgotByBot.confirm')}
                  placeholder={t('forgotByBot.passwordPlaceholder')}
                  type="password"
                  autoComplete="new-password"
                  value={confirm}
                  onChange={(e) => setConfirm(e.target.value)}
                  name="password_confirm"
                />
              </>
            )}
          </Section>
        </Form>
      </List>
      {onCode && (
        <div className="form-footer">
          <button type="button" className="link-button" onClick={sendCode} disabled={busy}>
            {t('forgotByBot.resend')}
          </button>
        </div>
      )}
    </Page>
  );
}
