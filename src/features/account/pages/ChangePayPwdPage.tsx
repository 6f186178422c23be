import { Section } from '@telegram-apps/telegram-ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useEndpointMutation } from '@app/api/use-endpoint-mutation';
import { Page } from '@app/components/Page';
import { LoadingState } from '@app/components/States';
import { toast } from '@app/components/toast-store';
import { loadUserInfo, session } from '@app/stores/session';
import { tgEnv } from '@app/telegram/env';
import { firstProof, passwordChange } from '../first-proof';
import { passwordChangeError } from '../password-rules';
import { useGoBack } from '@app/components/use-go-back';
import { Field } from '@app/components/Field';
import {
  HiddenAccountName,
  NewPasswordForm,
  pairFilled,
  usePasswordPair,
} from '../components/NewPasswordForm';
import { paths } from '@common/paths';

/**
 * Sets the payment password the first time (no old one; Telegram's launch data or the login
 * password proves the shopper), or changes it (old one required).
 */
export default function ChangePayPwdPage() {
  const { t } = useTranslation();
  const goBack = useGoBack(paths.security.href());
  const { userInfo } = useSnapshot(session);
  const env = useSnapshot(tgEnv);
  const [pair, setPair] = usePasswordPair();
  const [loginPassword, setLoginPassword] = useState('');
  const needsOld = Boolean(userInfo?.hasPayPassword);
  const proof = !userInfo || needsOld ? null : firstProof(userInfo, env);
  const change = useEndpointMutation('user.resetPay', {
    // Busy from the check on: the rules load with the first one, and a second tap must wait.
    run: async (send, _: void) => {
      const error = await passwordChangeError({ ...pair, needsOld }, 'pay');
      if (error) return void toast.show(t(error));
      await send(passwordChange(pair, needsOld, proof, env.initDataRaw, loginPassword));
      await loadUserInfo();
      toast.success(t('password.paySaved'));
      goBack();
    },
  });

  useEffect(() => {
    if (!session.userInfo) loadUserInfo().catch(() => undefined);
  }, []);

  if (!userInfo) {
    return (
      <Page>
        <LoadingState size="l" />
      </Page>
    );
  }

  const submit = () => {
    if (change.busy) return;
    if (proof === 'password' && !loginPassword) return void toast.show(t('auth.proofRequired'));
    void change.mutate();
  };
  const busy = change.busy;

  const filled =
    pairFilled(pair, needsOld) && proof !== 'none' && (proof !== 'password' || loginPassword !== '');

  return (
    <Page
      className="account-page"
      main={{ text: t('common.save'), onClick: submit, loading: busy, enabled: filled }}
    >
      {!needsOld && (
        <p className="account-hint" data-testid="first-pay-hint">
          {t('password.firstPay')}
        </p>
      )}
      {proof && (
        <p className="account-hint" data-testid="first-proof-hint">
          {t(
            proof === 'telegram'
              ? 'auth.confirmedByTelegram'
              : proof === 'password'
                ? 'auth.confirmWithPassword'
                : 'auth.openInTelegram',
          )}
        </p>
      )}
      <NewPasswordForm kind="pay" needsOld={needsOld} pair={pair} onChange={setPair} onSubmit={submit}>
        {proof === 'password' && (
          <Section>
            <HiddenAccountName account={userInfo.account} />
            <Field
              label={t('security.loginPassword')}
              type="password"
              autoComplete="current-password"
              name="password"
              value={loginPassword}
              onChange={(e) => setLoginPassword(e.target.value)}
            />
          </Section>
        )}
      </NewPasswordForm>
    </Page>
  );
}
