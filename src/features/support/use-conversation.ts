import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isRefusal } from '../../api/error-text';
import { queryKeyOf } from '../../api/query-client';
import { useScreenActive } from '../../components/screen-active';
import type { ListParams, ServiceList, ServiceMessage } from './service-api';

/** How often an open conversation asks for new messages (paused while hidden: TanStack Query's default). */
export const POLL_MS = 3000;

export interface Conversation {
  messages: ServiceMessage[];
  /** `refused`: the server said no (an operator's screen opened by a shopper), not a failed load. */
  status: 'loading' | 'error' | 'refused' | 'ready';
  /** The first message that arrived unread from the other side while this screen was open, or null. */
  firstUnreadId: number | null;
  /** Older messages exist before the first shown. */
  hasOlder: boolean;
  loadOlder(): Promise<void>;
  /** Adds a message this side just sent. */
  add(message: ServiceMessage): void;
  retry(): void;
}

/**
 * One conversation kept fresh without reloading: the newest page first, then every POLL_MS only
 * what came after the last message (`after_id`). The other side's unread messages are marked read
 * (`markRead`) once shown, and the first of them keeps its "new messages" marker while the screen is open.
 */
export function useConversation(
  key: { name: 'service.list' } | { name: 'service.thread'; userId: number },
  load: (params: ListParams) => Promise<ServiceList>,
  markRead: () => Promise<unknown>,
  viewer: 'shopper' | 'operator',
): Conversation {
  const { i18n } = useTranslation();
  const active = useScreenActive();
  const [messages, setMessages] = useState<ServiceMessage[]>([]);
  const [firstUnreadId, setFirstUnreadId] = useState<number | null>(null);
  const [hasOlder, setHasOlder] = useState(false);
  const lastId = useRef(0);
  const firstPage = useRef(true);

  const query = useQuery({
    queryKey: queryKeyOf(key.name, key, i18n.language),
    queryFn: () => {
      firstPage.current = lastId.current === 0;
      return load(lastId.current ? { after_id: lastId.current, limit: 50 } : { limit: 30 });
    },
    // A refusal stays a refusal: no retries, no polling.
    retry: (count, error) => !isRefusal(error) && count < 3,
    refetchInterval: (q) => (active && !(q.state.error && isRefusal(q.state.error)) ? POLL_MS : false),
    staleTime: 0,
    gcTime: 0,
  });

  const merge = (incoming: ServiceMessage[]) => {
    if (incoming.length === 0) return;
    lastId.current = Math.max(lastId.current, ...incoming.map((m) => m.id));
    setMessages((prev) => {
      const byId = new Map(prev.map((m) => [m.id, m]));
      for (const m of incoming) byId.set(m.id, m);
      return [...byId.values()].sort((a, b) => a.id - b.id);
    });
  };

  useEffect(() => {
    const incoming = query.data?.list;
    if (!incoming) return;
    if (firstPage.current) setHasOlder(query.data!.hasOlder);
    merge(incoming);
    const unread = incoming.find((m) => m.author !== viewer && !m.read);
    if (unread) {
      setFirstUnreadId((current) => current ?? unread.id);
      if (active) void markRead().catch(() => undefined);
    }
    // Only a new answer (dataUpdatedAt) brings messages; the rest is read through refs and setters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.dataUpdatedAt]);

  return {
    messages,
    status:
      messages.length > 0 || query.isSuccess
        ? 'ready'
        : query.isError
          ? isRefusal(query.error)
            ? 'refused'
            : 'error'
          : 'loading',
    firstUnreadId,
    hasOlder,
    async loadOlder() {
      const first = messages[0];
      if (!first) return;
      const older = await load({ before_id: first.id, limit: 30 });
      setHasOlder(older.hasOlder);
      merge(older.list);
    },
    add: (m) => merge([m]),
    retry: () => void query.refetch(),
  };
}
