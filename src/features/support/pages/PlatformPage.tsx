import { List, Section } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { version } from '../../../../package.json';
import { Page } from '@app/components/Page';
import { openExternal } from '@app/telegram/open-link';
import { ActionCell, LinkCell } from '../components/LinkCell';
import { useServiceLink } from '../use-service-link';
import '../support.css';
import { paths } from '@common/paths';

/** About the platform: its name, the app's version, and where to find help and the legal texts. */
export default function PlatformPage() {
  const { t } = useTranslation();
  const serviceUrl = useServiceLink();
  return (
    <Page className="support-page">
      <header className="platform-head">
        <img className="platform-head__logo" src="/img/logo?w=240" alt="" width={72} height={72} />
        <h2 className="platform-head__name" data-testid="platform-name">
          {t('app.name')}
        </h2>
        <p className="platform-head__version" data-testid="platform-version">
          {t('settings.version', { version })}
        </p>
        <p className="platform-head__about">{t('support.about')}</p>
      </header>
      <List>
        <Section header={t('support.links')}>
          <LinkCell to={paths.helpAndSupport.href()} data-testid="to-help">
            {t('routes.helpAndSupport')}
          </LinkCell>
          <LinkCell to={paths.law.href()} data-testid="to-law">
            {t('routes.law')}
          </LinkCell>
          {serviceUrl && (
            <ActionCell onClick={() => openExternal(serviceUrl)} data-testid="contact-service">
              {t('support.contact')}
            </ActionCell>
          )}
        </Section>
      </List>
    </Page>
  );
}
