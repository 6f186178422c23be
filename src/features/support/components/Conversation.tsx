import { Button } from '@telegram-apps/telegram-ui';
import { Fragment, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { createIntent } from '@app/api/idempotency';
import { useEndpointMutation } from '@app/api/use-endpoint-mutation';
import { usePictureUpload } from '@app/api/use-picture-upload';
import { uploadPreview } from '@app/api/user';
import { SERVICE_TEXT_MAX } from '@common/service';
import type { Conversation as ConversationState } from '../use-conversation';
import type { ServiceMessage } from '../service-api';
import { ErrorState, LoadingState } from '@app/components/States';
import { Placeholder } from '@app/components/Placeholder';

interface Props {
  conversation: ConversationState;
  /** Who reads: their own messages sit on the right. */
  viewer: 'shopper' | 'operator';
  /** The shopper an operator answers; without it, the shopper writes to the shop. */
  replyTo?: number;
  intro?: string;
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();
function timeOf(iso: string, lang: string): string {
  let format = timeFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(lang, { dateStyle: 'short', timeStyle: 'short' });
    timeFormats.set(lang, format);
  }
  return format.format(new Date(iso));
}

/**
 * A conversation with the shop: messages oldest first with the newest at the bottom, a "new
 * messages" line before the first unread answer, and the composer (text, a picture) under it.
 */
export function Conversation({ conversation, viewer, replyTo, intro }: Props) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState('');
  const [picture, setPicture] = useState<string | undefined>();
  const upload = usePictureUpload();
  // Text and/or a picture, sent once per intent (the same key again for a retry after an uncertain
  // failure); the client toasts a refusal, and the text stays for another try.
  const [intent] = useState(createIntent);
  const sent = (message: ServiceMessage) => {
    conversation.add(message);
    setText('');
    setPicture(undefined);
  };
  const sending = useEndpointMutation('service.send', {
    request: { repeatSubmit: false },
    intent,
    onSuccess: sent,
  });
  const replying = useEndpointMutation('service.reply', {
    request: { repeatSubmit: false },
    intent,
    onSuccess: sent,
  });
  const busy = sending.busy || replying.busy || upload.busy;
  const fileInput = useRef<HTMLInputElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const { messages } = conversation;
  const lastId = messages.at(-1)?.id;

  // The newest message stays in view as messages arrive.
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [lastId]);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const body = { text: text.trim(), ...(picture ? { picture } : {}) };
    if (busy || (!body.text && !picture)) return;
    if (replyTo === undefined) await sending.mutate(body);
    else await replying.mutate({ user_id: replyTo, ...body });
  };

  const attach = async (file: File | undefined) => {
    if (!file) return;
    const [url] = (await upload.mutate([file])) ?? [];
    if (url) setPicture(url);
    if (fileInput.current) fileInput.current.value = '';
  };

  let body;
  if (conversation.status === 'loading') body = <LoadingState />;
  else if (conversation.status === 'refused' && viewer === 'operator')
    // The operators' screen opened by a shopper: what it is, and no retry that would fail again.
    body = <Placeholder description={t('service.adminOnly')} data-testid="service-refused" />;
  else if (conversation.status !== 'ready')
    body = <ErrorState className="support-state" onRetry={conversation.retry} />;
  else
    body = (
      <ol className="chat-list" data-testid="chat-list">
        {conversation.hasOlder && (
          <li className="chat-older">
            <Button mode="plain" size="s" onClick={() => void conversation.loadOlder()}>
              {t('service.older')}
            </Button>
          </li>
        )}
        {messages.length === 0 && intro && <li className="chat-intro">{intro}</li>}
        {messages.map((m) => {
          const mine = m.author === viewer;
          return (
            <Fragment key={m.id}>
              {m.id === conversation.firstUnreadId && (
                <li className="chat-unread" data-testid="unread-marker">
                  <span>{t('service.newMessages')}</span>
                </li>
              )}
              <li
                className={`chat-message ${mine ? 'chat-message--mine' : 'chat-message--theirs'}`}
                data-testid="chat-message"
                data-author={m.author}
              >
                <span className="chat-author">
                  {m.author === 'shopper'
                    ? mine
                      ? t('service.you')
                      : t('service.shopper')
                    : t('service.shop')}
                </span>
                {m.picture && (
                  <img className="chat-picture" src={m.picture} alt={t('service.picture')} loading="lazy" />
                )}
                {m.text && <span className="chat-text">{m.text}</span>}
                <time className="chat-time" dateTime={m.createdAt}>
                  {timeOf(m.createdAt, i18n.language)}
                </time>
              </li>
            </Fragment>
          );
        })}
      </ol>
    );

  return (
    <div className="chat">
      {body}
      <div ref={end} />
      <form className="chat-composer" onSubmit={(e) => void submit(e)}>
        {picture && (
          <div className="chat-attached">
            <img src={uploadPreview(picture)} alt={t('service.picture')} />
            <Button mode="plain" size="s" onClick={() => setPicture(undefined)}>
              {t('service.removePicture')}
            </Button>
          </div>
        )}
        <div className="chat-row">
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            hidden
            onChange={(e) => void attach(e.target.files?.[0])}
            data-testid="chat-file"
          />
          <button
            type="button"
            className="chat-attach"
            aria-label={t('service.attach')}
            onClick={() => fileInput.current?.click()}
            disabled={busy}
          >
            +
          </button>
          <textarea
            className="chat-input"
            rows={1}
            value={text}
            maxLength={SERVICE_TEXT_MAX}
            placeholder={t('service.placeholder')}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                void submit();
              }
            }}
            data-testid="chat-input"
          />
          <Button
            type="submit"
            size="s"
            loading={busy}
            disabled={busy || (!text.trim() && !picture)}
            data-testid="chat-send"
          >
            {t('service.send')}
          </Button>
        </div>
      </form>
    </div>
  );
}
