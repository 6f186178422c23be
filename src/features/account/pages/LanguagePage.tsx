import { Cell, List, Radio, Section, Spinner } from '@telegram-apps/telegram-ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { LANGUAGE_LIST, type LanguageInfo } from '@common/language-list';
import { matchLang, type Lang } from '@common/languages';
import { userApi } from '@app/api/user';
import { Page } from '@app/components/Page';
import { changeLanguage, session } from '@app/stores/session';
import { languageNameIn } from '../user-display';

/** The eight interface languages; choosing one switches at once, without a reload. */
export default function LanguagePage() {
  const { t, i18n } = useTranslation();
  const { setting } = useSnapshot(session);
  const [list, setList] = useState<readonly LanguageInfo[]>(LANGUAGE_LIST);
  const [switching, setSwitching] = useState<Lang | null>(null);

  // The built-in list shows at once; the server's list replaces it when it answers.
  useEffect(() => {
    let live = true;
    userApi
      .languageList()
      .then((answer) => {
        const known = answer.filter((l) => matchLang(l.file_name) === l.file_name);
        if (live && known.length) setList(known);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const choose = async (lang: Lang) => {
    if (switching || lang === setting.lang) return;
    setSwitching(lang);
    try {
      // No toast: the whole screen switching language says it, and a toast would cover the list.
      await changeLanguage(lang);
    } finally {
      setSwitching(null);
    }
  };

  return (
    <Page className="account-page">
      <List>
        <Section header={t('language.choose')}>
          {list.map((l) => {
            const inUi = languageNameIn(l.file_name, i18n.language);
            return (
              <Cell
                key={l.file_name}
                Component="label"
                multiline
                data-testid={`lang-${l.file_name}`}
                lang={l.file_name}
                before={
                  <Radio
                    name="language"
                    value={l.file_name}
                    aria-label={l.language_name}
                    checked={l.file_name === setting.lang}
                    onChange={() => void choose(l.file_name)}
                  />
                }
                subtitle={
                  inUi && inUi !== l.language_name ? <span lang={i18n.language}>{inUi}</span> : undefined
                }
                after={
                  switching === l.file_name ? (
                    <Spinner size="s" />
                  ) : l.file_name === setting.lang ? (
                    <span className="nav-cell__after">{t('language.current')}</span>
                  ) : undefined
                }
              >
                {l.language_name}
              </Cell>
            );
          })}
        </Section>
      </List>
    </Page>
  );
}
