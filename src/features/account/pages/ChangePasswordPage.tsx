import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { ApiError } from '@app/api/client';
import { useEndpointMutation } from '@app/api/use-endpoint-mutation';
import { Page } from '@app/components/Page';
import { toast } from '@app/components/toast-store';
import { clearSession, session } from '@app/stores/session';
import { tgEnv } from '@app/telegram/env';
import { firstProof, passwordChange } from '../first-proof';
import { needsOldPassword, passwordChangeError } from '../password-rules';
import {
  HiddenAccountName,
  NewPasswordForm,
  pairFilled,
  usePasswordPair,
} from '../components/NewPasswordForm';
import { paths } from '@common/paths';

/** Changes the login password; every session ends with it, so the shopper logs in again. */
export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { userInfo } = useSnapshot(session);
  const [pair, setPair] = usePasswordPair();
  // The server knows best: if it asks for the current password after all, show the field.
  const [askOld, setAskOld] = useState(false);
  const needsOld = askOld || needsOldPassword(userInfo);
  const env = useSnapshot(tgEnv);
  // A first password (Telegram-made account) is proven by Telegram's signed launch data.
  const proof = needsOld ? null : firstProof(userInfo, env);

  const change = useEndpointMutation('user.resetPwd', {
    // Busy from the check on: the rules load with the first one, and a second tap must wait.
    run: async (send, _: void) => {
      const error = await passwordChangeError({ ...pair, needsOld }, 'login');
      if (error) return void toast.show(t(error));
      await send(passwordChange(pair, needsOld, proof, env.initDataRaw));
      await clearSession();
      toast.success(t('password.changedRelogin'));
      navigate(paths.login.href(), { replace: true });
    },
    onError: (e) => {
      if (e instanceof ApiError && e.error === 'errors.oldPasswordRequired') setAskOld(true);
    },
  });
  const submit = () => change.mutate();
  const busy = change.busy;

  const filled = pairFilled(pair, needsOld) && proof !== 'none';

  return (
    <Page
      className="account-page"
      main={{ text: t('common.save'), onClick: submit, loading: busy, enabled: filled }}
    >
      {!needsOld && <p className="account-hint">{t('password.firstLogin')}</p>}
      {proof === 'none' && (
        <p className="account-hint" data-testid="first-proof-hint">
          {t('auth.openInTelegram')}
        </p>
      )}
      <NewPasswordForm kind="login" needsOld={needsOld} pair={pair} onChange={setPair} onSubmit={submit}>
        {userInfo && <HiddenAccountName account={userInfo.account} />}
      </NewPasswordForm>
    </Page>
  );
}
