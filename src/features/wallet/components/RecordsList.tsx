import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { EndpointName } from '@common/api/routes';
import { AUDIT_STATUSES, type AuditStatus, type RechargeType, type WithdrawType } from '@common/wallet';
import { usePages, type PageAnswer } from '@app/api/use-pages';
import { EmptyState } from '@app/components/States';
import { PagedList } from '@app/components/PagedList';
import '../wallet.css';
import '@app/components/tab-strip.css';

const STATUS_NAME = { 0: 'auditing', 1: 'passed', 2: 'refused' } as const;

/** A top-up's or a withdrawal's audit status in words. */
export function AuditBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  const name = STATUS_NAME[status as AuditStatus];
  return (
    <span className={`record-badge record-badge--${name ?? 'unknown'}`} data-testid="record-status">
      {name ? t(`walletScreens.records.status.${name}`) : String(status)}
    </span>
  );
}

/**
 * A paged list of audited records (top-ups or withdrawals) under the tabs all / auditing / passed /
 * refused, each record drawn by `render`. The record named by `?id=` (a bill entry's link) is
 * marked and scrolled into view.
 */
export function RecordsList<T extends { id: number }>(props: {
  name: EndpointName;
  fetchPage: (params: { status?: AuditStatus; page: number; limit: number }) => Promise<PageAnswer<T>>;
  render: (item: T) => ReactNode;
  empty: string;
}) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<AuditStatus>();
  const focusId = Number(useSearchParams()[0].get('id')) || undefined;
  const focused = useRef<HTMLDivElement>(null);
  const list = usePages<PageAnswer<T>, T>({
    name: props.name,
    params: { status: status ?? 'all' },
    page: (page) => props.fetchPage({ ...(status === undefined ? {} : { status }), page, limit: 20 }),
  });

  const shown = list.items.some((item) => item.id === focusId);
  useEffect(() => {
    if (shown) focused.current?.scrollIntoView?.({ block: 'center' });
  }, [shown]);

  const tabs: (AuditStatus | undefined)[] = [undefined, ...AUDIT_STATUSES];
  return (
    <>
      <div className="tab-strip" role="tablist" aria-label={t('walletScreens.records.statusFilter')}>
        {tabs.map((tab) => (
          <button
            key={tab ?? 'all'}
            type="button"
            role="tab"
            className="tab-strip__tab"
            aria-selected={tab === status}
            onClick={() => setStatus(tab)}
            data-testid={`records-tab-${tab ?? 'all'}`}
          >
            {tab === undefined
              ? t('walletScreens.records.all')
              : t(`walletScreens.records.status.${STATUS_NAME[tab]}`)}
          </button>
        ))}
      </div>
      <PagedList
        state={list}
        errorLook={{ className: 'wallet-state' }}
        empty={<EmptyState text={props.empty} />}
        moreButton={{ label: t('walletScreens.loadMore'), testId: 'records-more' }}
      >
        {(items) =>
          items.map((item) =>
            item.id === focusId ? (
              <div
                key={item.id}
                ref={focused}
                className="record-focus"
                aria-current="true"
                data-testid="record-focus"
              >
                {props.render(item)}
              </div>
            ) : (
              props.render(item)
            ),
          )
        }
      </PagedList>
    </>
  );
}

/** One labelled line of a record. */
export function RecordRow({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <p className="record-card__row">
      <span>{label}</span>
      <span data-testid={testId}>{children}</span>
    </p>
  );
}

/**
 * A record's card: its way (with the network, if any) and number, its status, its `children` (the
 * labelled sums), when it was asked and, once refused, why.
 */
export function RecordCard({
  record: r,
  network,
  children,
}: {
  record: {
    id: number;
    type: RechargeType | WithdrawType;
    status: number;
    createdAt: string;
    reason: string | null;
  };
  network?: string | null;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <article className="record-card" data-testid="record" data-record-id={r.id}>
      <header className="record-card__head">
        <span>
          {t(`walletScreens.records.type.${r.type}`)}
          {network ? ` · ${network}` : ''} #{r.id}
        </span>
        <AuditBadge status={r.status} />
      </header>
      {children}
      <p className="bill-entry__sub">{when.format(new Date(r.createdAt))}</p>
      {r.reason && (
        <p className="record-card__reason" data-testid="record-reason">
          {t('walletScreens.records.reason', { reason: r.reason })}
        </p>
      )}
    </article>
  );
}
