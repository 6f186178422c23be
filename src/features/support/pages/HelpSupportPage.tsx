import { Accordion, List, Section } from '@telegram-apps/telegram-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoad } from '@app/api/use-load';
import { Page } from '@app/components/Page';
import { openExternal } from '@app/telegram/open-link';
import { supportApi } from '../api';
import { paths } from '@common/paths';
import { ActionCell, LinkCell } from '../components/LinkCell';
import { ErrorState, TextSkeleton } from '@app/components/States';
import { useServiceLink } from '../use-service-link';
import '../support.css';

/** Help and support: the shop's questions and answers, and a way to reach customer service. */
export default function HelpSupportPage() {
  const { t } = useTranslation();
  const help = useLoad('content.helpSupport', {}, supportApi.help);
  const serviceUrl = useServiceLink();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string, expanded: boolean) =>
    setOpen((now) => {
      const next = new Set(now);
      if (expanded) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <Page className="support-page">
      <List>
        {help.data ? (
          <Section header={t('support.faq')} data-testid="faq">
            {help.data.list.map((entry) => (
              <Accordion key={entry.id} expanded={open.has(entry.id)} onChange={(e) => toggle(entry.id, e)}>
                {/* A button, not telegram-ui's <div>: reached by keyboard, and aria-expanded is allowed. */}
                <Accordion.Summary
                  Component="button"
                  type="button"
                  className="support-link"
                  multiline
                  data-testid={`faq-${entry.id}`}
                >
                  {entry.question}
                </Accordion.Summary>
                <Accordion.Content>
                  <p className="support-answer">{entry.answer}</p>
                </Accordion.Content>
              </Accordion>
            ))}
          </Section>
        ) : help.error ? (
          <ErrorState className="support-state" message={help.error} onRetry={help.reload} />
        ) : (
          <TextSkeleton rows={8} />
        )}
        <Section>
          <LinkCell to={paths.service.href()} subtitle={t('service.entryHint')} data-testid="open-service">
            {t('routes.service')}
          </LinkCell>
        </Section>
        {serviceUrl && (
          <Section>
            <ActionCell
              onClick={() => openExternal(serviceUrl)}
              subtitle={t('support.contactHint')}
              data-testid="contact-service"
            >
              {t('support.contact')}
            </ActionCell>
          </Section>
        )}
      </List>
    </Page>
  );
}
