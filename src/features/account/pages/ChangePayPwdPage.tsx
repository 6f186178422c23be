import { List, Placeholder, Section, Spinner } from '@telegram-apps/telegram-ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { userApi } from '../../../api/user';
import { Page } from '../../../components/Page';
import { toast } from '../../../components/toast-store';
import { loadUserInfo, session } from '../../../stores/session';
import { tgEnv } from '../../../telegram/env';
import { firstProof, proofFields } from '../first-proof';
import { digitsOnly, passwordChangeError } from '../password-rules';
import { useGoBack } from '../use-go-back';
import { Field } from '../../../components/Field';
import { paths } from '../../../../common/paths';

/**
 * Sets the payment password the first time (no old one; Telegram's launch data or the login
 * password proves the shopper), or changes it (old one required).
 */
export default function ChangePayPwdPage() {
  const { t } = useTranslation();
  const goBack = useGoBack(paths.security.href());
  const { userInfo } = useSnapshot(session);
  const env = useSnapshot(tgEnv);
  const [old, setOld] = useState('');
  const [loginPassword, setLoginPassword] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!session.userInfo) loadUserInfo().catch(() => undefined);
  }, []);

  if (!userInfo) {
    return (
      <Page>
        <Placeholder>
          <Spinner size="l" />
        </Placeholder>
      </Page>
    );
  }

  const needsOld = userInfo.hasPayPassword;
  const proof = needsOld ? null : firstProof(userInfo, env);
  const submit = async () => {
    if (busy) return;
    const error = passwordChangeError({ old, next, confirm, needsOld }, 'pay');
    if (error) return toast.show(t(error));
    if (proof === 'password' && !loginPassword) return toast.show(t('auth.proofRequired'));
    setBusy(true);
    try {
      await userApi.resetPay(
        needsOld
          ? { oldpassword: old, newpassword: next }
          : { newpassword: next, ...proofFields(proof ?? 'none', env.initDataRaw, loginPassword) },
      );
      await loadUserInfo();
      toast.success(t('password.paySaved'));
      goBack();
    } catch {
      // The API layer has shown the message (wrong old password, locked for a while...).
    } finally {
      setBusy(false);
    }
  };

  const digits = {
    type: 'password',
    inputMode: 'numeric',
    pattern: '[0-9]*',
    maxLength: 12,
    autoComplete: 'off',
  } as const;
  const filled = Boolean(
    (!needsOld || old) && next && confirm && proof !== 'none' && (proof !== 'password' || loginPassword),
  );

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
      <List>
        <form
          className="form"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          {proof === 'password' && (
            <Section>
              {/* Lets password managers fill the login password of this account. */}
              <input
                type="text"
                name="username"
                autoComplete="username"
                value={userInfo.account}
                readOnly
                hidden
              />
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
          <Section footer={t('password.payHint')}>
            {needsOld && (
              <Field
                {...digits}
                label={t('password.oldPay')}
                name="oldpassword"
                value={old}
                onChange={(e) => setOld(digitsOnly(e.target.value))}
              />
            )}
            <Field
              {...digits}
              label={t('password.newPay')}
              name="newpassword"
              value={next}
              onChange={(e) => setNext(digitsOnly(e.target.value))}
            />
            <Field
              {...digits}
              label={t('password.confirmPay')}
              name="confirm"
              value={confirm}
              onChange={(e) => setConfirm(digitsOnly(e.target.value))}
            />
          </Section>
          <button type="submit" hidden />
        </form>
      </List>
    </Page>
  );
}
