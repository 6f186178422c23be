import { Badge, Cell, List, Section } from '@telegram-apps/telegram-ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryKeyOf } from '@app/api/query-client';
import { useLocation, useNavigate } from 'react-router-dom';
import { errorText, isRefusal } from '@app/api/error-text';
import { Page } from '@app/components/Page';
import { useScreenActive } from '@app/components/screen-active';
import { paths } from '@common/paths';
import { Conversation } from '../components/Conversation';
import { ErrorState, LoadingState } from '@app/components/States';
import { serviceApi } from '../service-api';
import { POLL_MS, useConversation } from '../use-conversation';
import { Placeholder } from '@app/components/Placeholder';
import '../support.css';

/** One shopper's conversation as an operator sees and answers it. */
function OperatorThread({ userId }: { userId: number }) {
  const conversation = useConversation(
    { name: 'service.thread', userId },
    (params) => serviceApi.thread(userId, params),
    () => serviceApi.read(userId),
    'operator',
  );
  return <Conversation conversation={conversation} viewer="operator" replyTo={userId} />;
}

/** Every conversation, latest first, with its unread count; refreshed like the conversation. */
function ThreadList() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const active = useScreenActive();
  const threads = useQuery({
    queryKey: queryKeyOf('service.threads', { page: 1 }, i18n.language),
    queryFn: () => serviceApi.threads(1),
    refetchInterval: active ? POLL_MS * 2 : false,
    retry: false,
  });
  if (threads.isPending) return <LoadingState />;
  // A shopper who is no operator is told the screen is the operators' (the server answered "not
  // found"), with no retry that would fail again.
  if (threads.isError && isRefusal(threads.error))
    return <Placeholder description={t('service.adminOnly')} data-testid="service-refused" />;
  if (threads.isError)
    return (
      <ErrorState
        className="support-state"
        message={errorText(threads.error)}
        onRetry={() => void threads.refetch()}
      />
    );
  if (threads.data.list.length === 0) return <Placeholder description={t('service.adminEmpty')} />;
  return (
    <List>
      <Section header={t('service.adminTitle')}>
        {threads.data.list.map((c) => (
          <Cell
            key={c.userId}
            subtitle={c.last.text || t('service.picture')}
            description={c.account}
            after={
              c.unread > 0 ? (
                <Badge type="number">{t('service.adminUnread', { count: c.unread })}</Badge>
              ) : null
            }
            onClick={() => navigate(paths.serviceadmin.href(c.userId))}
            data-testid="service-thread"
          >
            {c.name}
          </Cell>
        ))}
      </Section>
    </List>
  );
}

/** /services and /serviceadmin: the operators' customer service (operators only). */
export default function ServicesPage() {
  const { search } = useLocation();
  const userId = paths.serviceadmin.parseUser(search);
  return (
    <Page className="support-page chat-page">
      {userId === undefined ? <ThreadList /> : <OperatorThread key={userId} userId={userId} />}
    </Page>
  );
}
