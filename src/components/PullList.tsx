import { Spinner } from '@telegram-apps/telegram-ui';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Pull-to-refresh states; the pull head is 50 px high, and more loads 300 px before the end. */
export type PullStatus = 'normal' | 'pulling' | 'loosing' | 'loading' | 'success';
export const PULL_HEAD = 50;
export const LOAD_OFFSET = 300;

/** While the finger is down: below the head height the list is "pulling", past it "loosing". */
export const pullStatus = (distance: number, head = PULL_HEAD): PullStatus =>
  distance <= 0 ? 'normal' : distance < head ? 'pulling' : 'loosing';

interface PullListProps {
  children: ReactNode;
  onRefresh: () => Promise<unknown>;
  onLoadMore?: () => Promise<unknown>;
  hasMore: boolean;
  /** The list is empty and nothing more will come: the caller shows its empty state in children. */
  empty?: boolean;
}

/** A list with pull-to-refresh at the top and load-more 300 px before the end. */
export function PullList({ children, onRefresh, onLoadMore, hasMore, empty }: PullListProps) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<PullStatus>('normal');
  const [distance, setDistance] = useState(0);
  const [loadingMore, setLoadingMore] = useState(false);
  const start = useRef<number | null>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const busy = useRef(false);

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !onLoadMore || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries[0]?.isIntersecting || busy.current) return;
        busy.current = true;
        setLoadingMore(true);
        onLoadMore()
          .catch(() => undefined)
          .finally(() => {
            busy.current = false;
            setLoadingMore(false);
          });
      },
      { rootMargin: `0px 0px ${LOAD_OFFSET}px 0px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [onLoadMore, hasMore]);

  const refresh = async () => {
    setStatus('loading');
    setDistance(PULL_HEAD);
    try {
      await onRefresh();
      setStatus('success');
    } catch {
      setStatus('normal');
    }
    setTimeout(() => {
      setStatus('normal');
      setDistance(0);
    }, 500);
  };

  const texts: Record<PullStatus, string> = {
    normal: '',
    pulling: t('common.pullToRefresh'),
    loosing: t('common.releaseToRefresh'),
    loading: t('common.refreshing'),
    success: t('common.refreshed'),
  };

  return (
    <div
      className="pull-list"
      data-status={status}
      onTouchStart={(e) => {
        if (window.scrollY <= 0 && status === 'normal') start.current = e.touches[0].clientY;
      }}
      onTouchMove={(e) => {
        if (start.current === null) return;
        const d = Math.max(0, (e.touches[0].clientY - start.current) / 2);
        setDistance(Math.min(d, PULL_HEAD * 2));
        setStatus(pullStatus(d));
      }}
      onTouchEnd={() => {
        if (start.current === null) return;
        start.current = null;
        if (status === 'loosing') void refresh();
        else {
          setStatus('normal');
          setDistance(0);
        }
      }}
    >
      <div className="pull-list__head" style={{ height: distance }} aria-hidden={status === 'normal'}>
        {status === 'loading' ? <Spinner size="s" /> : null}
        <span>{texts[status]}</span>
      </div>
      {children}
      <div ref={sentinel} className="pull-list__foot">
        {loadingMore && <Spinner size="s" />}
        {!hasMore && !empty && <span>{t('common.noMore')}</span>}
      </div>
    </div>
  );
}
