import { ButtonCell, List, Section } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { LANGUAGE_LIST } from '@common/language-list';
import { version } from '../../../../package.json';
import { useEndpointMutation } from '@app/api/use-endpoint-mutation';
import { logoutOptions } from '@app/api/user';
import { Page } from '@app/components/Page';
import { useHasScreen } from '@app/components/screen-routes';
import { toast } from '@app/components/toast-store';
import { logout, session } from '@app/stores/session';
import { NavCell } from '../components/NavCell';
import type { FirstAnswers } from '@app/api/first-answers';
import { NotifySwitches, notifySettingsAnswer } from '../components/NotifySwitches';
import { confirmAction } from '@app/telegram/confirm';
import { paths } from '@common/paths';

/** Asked for during start-up when the app opens on this screen (src/api/first-answers.ts). */
export const firstAnswers: FirstAnswers = () => [notifySettingsAnswer];

export default function SettingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { setting } = useSnapshot(session);
  // The session ends here even when the server could not be told: the shopper is logged out.
  const leave = useEndpointMutation('user.logout', {
    request: logoutOptions(),
    run: (send) => logout(() => send(undefined)).catch(() => undefined),
  });
  const hasScreen = useHasScreen();
  const about = [paths.platform.href(), paths.law.href()].some(hasScreen);
  const versionText = t('settings.version', { version });
  const languageName = LANGUAGE_LIST.find((l) => l.file_name === setting.lang)?.language_name ?? setting.lang;

  const onLogout = async () => {
    if (leave.busy || !(await confirmAction(t('settings.logoutConfirm'), t('settings.logout')))) return;
    await leave.mutate(undefined);
    toast.success(t('auth.loggedOut'));
    navigate(paths.login.href(), { replace: true });
  };

  return (
    <Page className="account-page">
      <List>
        <Section header={t('settings.general')}>
          <NavCell to={paths.language.href()} value={languageName} data-testid="setting-language">
            {t('settings.language')}
          </NavCell>
          <NavCell to={paths.security.href()} data-testid="setting-security">
            {t('settings.security')}
          </NavCell>
        </Section>
        <NotifySwitches />
        {about && (
          <Section header={t('settings.about')} footer={versionText}>
            <NavCell to={paths.platform.href()}>{t('settings.platform')}</NavCell>
            <NavCell to={paths.law.href()}>{t('settings.law')}</NavCell>
          </Section>
        )}
        <Section footer={about ? undefined : versionText}>
          <ButtonCell mode="destructive" onClick={onLogout} disabled={leave.busy} data-testid="logout">
            {t('settings.logout')}
          </ButtonCell>
        </Section>
      </List>
    </Page>
  );
}
