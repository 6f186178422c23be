import { Button, Placeholder, Spinner } from '@telegram-apps/telegram-ui';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../../common/paths';
import { BILL_KINDS } from '../../../../common/schemas/wallet';
import { usePages } from '../../../api/use-pages';
import { ErrorState } from '../../../components/ErrorState';
import { Page } from '../../../components/Page';
import { PullList } from '../../../components/PullList';
import { useHasScreen } from '../../../components/screen-routes';
import { useMoney } from '../../../i18n/use-money';
import { walletApi, type BillAnswer, type BillEntry } from '../api';
import '../wallet.css';

export const BILL_PAGE_SIZE = 20;

/** The shopper's own calendar day of a moment, as a key ("2026-11-23"). */
function dayKey(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Entries (newest first) in runs of the same local day. */
function byDay(entries: BillEntry[]): { day: string; entries: BillEntry[] }[] {
  const days: { day: string; entries: BillEntry[] }[] = [];
  for (const entry of entries) {
    const day = dayKey(entry.createdAt);
    const last = days[days.length - 1];
    if (last?.day === day) last.entries.push(entry);
    else days.push({ day, entries: [entry] });
  }
  return days;
}

/**
 * /capitalRecord: the bill. Balance and frozen with the ways to top up and withdraw, the ledger by
 * kind and month, grouped by the shopper's local day, paged; an entry with a link opens it.
 */
export default function BillPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const hasScreen = useHasScreen();
  const formatMoney = useMoney();
  const [kind, setKind] = useState('');
  const [month, setMonth] = useState('');
  const filter = { ...(kind ? { kind } : {}), ...(month ? { month } : {}) };
  const list = usePages<BillEntry, BillAnswer>('wallet.bill', filter, (page) =>
    walletApi.bill({ ...filter, page, limit: BILL_PAGE_SIZE }),
  );
  const days = useMemo(() => byDay(list.items), [list.items]);
  const dateFormat = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { year: 'numeric', month: 'long', day: 'numeric' }),
    [i18n.language],
  );
  const timeFormat = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }),
    [i18n.language],
  );

  let body;
  if (list.status === 'loading') {
    body = (
      <Placeholder>
        <Spinner size="m" />
      </Placeholder>
    );
  } else if (list.status === 'error') {
    body = <ErrorState className="wallet-state" message={list.error} onRetry={list.retry} />;
  } else if (list.items.length === 0) {
    body = <Placeholder description={t('walletScreens.empty')} data-testid="empty" />;
  } else {
    body = (
      <PullList onRefresh={list.refresh} onLoadMore={list.loadMore} hasMore={list.hasMore}>
        {days.map(({ day, entries }) => (
          <section key={day} className="bill-day" data-testid="bill-day" data-day={day}>
            <h3 className="bill-day__date">{dateFormat.format(new Date(entries[0].createdAt))}</h3>
            {entries.map((entry) => {
              const plus = !entry.amount.startsWith('-') && Number(entry.amount) !== 0;
              const link = entry.ref?.link;
              const content = (
                <>
                  <span className="bill-entry__main">
                    <span data-testid="bill-kind">{t(`walletScreens.kind.${entry.kind}`)}</span>
                    <span className="bill-entry__sub">
                      {timeFormat.format(new Date(entry.createdAt))}
                      {entry.ref ? ` · ${entry.ref.label}` : ''}
                      {entry.note ? ` · ${entry.note}` : ''}
                    </span>
                  </span>
                  <span className="bill-entry__main">
                    <span
                      className={`bill-entry__amount${plus ? ' bill-entry__amount--plus' : ''}`}
                      data-testid="bill-amount"
                    >
                      {plus ? '+' : entry.amount.startsWith('-') ? '−' : ''}
                      {formatMoney(entry.amount.replace(/^-/, ''))}
                    </span>
                    <span className="bill-entry__sub" data-testid="bill-balance-after">
                      {t('walletScreens.balanceAfter', { amount: formatMoney(entry.balanceAfter) })}
                    </span>
                  </span>
                </>
              );
              return link ? (
                <button
                  key={entry.id}
                  type="button"
                  className="bill-entry"
                  data-testid="bill-entry"
                  aria-label={`${t(`walletScreens.kind.${entry.kind}`)}, ${t('walletScreens.open', { label: entry.ref?.label })}`}
                  onClick={() => navigate(link)}
                >
                  {content}
                </button>
              ) : (
                <div key={entry.id} className="bill-entry" data-testid="bill-entry">
                  {content}
                </div>
              );
            })}
          </section>
        ))}
        {list.loadMore && (
          <div className="orders-more">
            <Button size="s" mode="plain" onClick={() => void list.loadMore?.()} data-testid="bill-more">
              {t('walletScreens.loadMore')}
            </Button>
          </div>
        )}
      </PullList>
    );
  }

  const first = list.first;
  return (
    <Page className="bill-page">
      <div className="bill-head">
        <div className="bill-head__sums">
          <div>
            <div className="bill-head__label">{t('walletScreens.balance')}</div>
            <div className="bill-head__value" data-testid="bill-balance">
              {first ? formatMoney(first.balance) : '—'}
            </div>
          </div>
          <div>
            <div className="bill-head__label">{t('walletScreens.frozen')}</div>
            <div className="bill-head__value" data-testid="bill-frozen">
              {first ? formatMoney(first.frozen) : '—'}
            </div>
          </div>
        </div>
        <div className="bill-head__actions">
          {hasScreen(paths.topUp.href()) && (
            <Button size="s" onClick={() => navigate(paths.topUp.href())}>
              {t('walletScreens.topUp')}
            </Button>
          )}
          {hasScreen(paths.withDraw.href()) && (
            <Button size="s" mode="bezeled" onClick={() => navigate(paths.withDraw.href())}>
              {t('walletScreens.withdraw')}
            </Button>
          )}
        </div>
      </div>
      <div className="bill-filters">
        <label>
          {t('walletScreens.kindFilter')}
          <select value={kind} onChange={(e) => setKind(e.target.value)} data-testid="bill-kind-filter">
            <option value="">{t('walletScreens.allKinds')}</option>
            {BILL_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`walletScreens.kind.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('walletScreens.monthFilter')}
          <input
            type="month"
            value={month}
            onChange={(e) => setMonth(e.target.value)}
            aria-label={t('walletScreens.monthFilter')}
            data-testid="bill-month-filter"
          />
        </label>
        {month && (
          <Button size="s" mode="plain" onClick={() => setMonth('')}>
            {t('walletScreens.anyMonth')}
          </Button>
        )}
      </div>
      {body}
    </Page>
  );
}
