import { useTranslation } from 'react-i18next';
import { Page } from '@app/components/Page';
import { Conversation } from '../components/Conversation';
import { serviceApi } from '../service-api';
import { useConversation } from '../use-conversation';
import '../support.css';

/** /service: the shopper's conversation with the shop, kept fresh without reloading. */
export default function ServicePage() {
  const { t } = useTranslation();
  const conversation = useConversation(
    { name: 'service.list' },
    serviceApi.list,
    () => serviceApi.read(),
    'shopper',
  );
  return (
    <Page className="support-page chat-page">
      <Conversation conversation={conversation} viewer="shopper" intro={t('service.intro')} />
    </Page>
  );
}
