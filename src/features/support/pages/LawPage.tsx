import { List, Section } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { bootAnswerOr } from '@app/api/boot';
import type { FirstAnswers } from '@app/api/first-answers';
import { useLoad } from '@app/api/use-load';
import { Page } from '@app/components/Page';
import { supportApi } from '../api';
import { ErrorState, TextSkeleton } from '@app/components/States';
import '../support.css';

/** "23 November 2026" in the shopper's language; the ISO day itself if it cannot be read. */
function longDate(day: string, lang: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

// The texts the server wrote into the page, the first time.
const lawAnswer = {
  name: 'content.law',
  params: {},
  load: () => bootAnswerOr('law', supportApi.law),
} as const;

/** Asked for during start-up when the app opens on this screen (src/api/first-answers.ts). */
export const firstAnswers: FirstAnswers = () => [lawAnswer];

/** Terms of service and privacy policy, each with its numbered sections. */
export default function LawPage() {
  const { t, i18n } = useTranslation();
  const law = useLoad(lawAnswer.name, lawAnswer.params, lawAnswer.load);

  if (!law.data) {
    return (
      <Page className="support-page">
        {law.error ? (
          <ErrorState className="support-state" message={law.error} onRetry={law.reload} />
        ) : (
          <TextSkeleton rows={10} />
        )}
      </Page>
    );
  }
  return (
    <Page className="support-page">
      <p className="support-note" data-testid="law-updated">
        {t('support.updated', { date: longDate(law.data.updatedAt, i18n.language) })}
      </p>
      <List>
        {law.data.documents.map((doc) => (
          <Section key={doc.id}>
            <article className="law-doc" data-testid={`law-${doc.id}`}>
              <h2 className="law-doc__title">{doc.title}</h2>
              {doc.sections.map((s) => (
                <section key={s.id} className="law-doc__section">
                  <h3 className="law-doc__heading">{s.heading}</h3>
                  {s.paragraphs.map((p, i) => (
                    <p key={i}>{p}</p>
                  ))}
                </section>
              ))}
            </article>
          </Section>
        ))}
      </List>
    </Page>
  );
}
