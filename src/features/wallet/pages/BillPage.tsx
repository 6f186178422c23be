import { Button, Chip, Select } from '@telegram-apps/telegram-ui';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { paths } from '@common/paths';
import { BILL_PAGE_SIZE } from '@common/boot';
import { BILL_FILTERS } from '@common/wallet';
import type { FirstAnswers } from '@app/api/first-answers';
import { usePages } from '@app/api/use-pages';
import { EmptyState } from '@app/components/States';
import { WithIdentifier } from '@app/components/Identifier';
import { Page } from '@app/components/Page';
import { PagedList } from '@app/components/PagedList';
import { useHasScreen } from '@app/components/screen-routes';
import { useMoney } from '@app/i18n/use-money';
import { walletApi, type BillEntry } from '../api';
import { HeadSums } from '../components/HeadSums';
import '../wallet.css';

type BillFilter = { kind?: Exclude<KindFilter, ''>; month?: string };

/** The statement's first page under `filter`, as the screen asks for it. */
const billAnswer = (filter: BillFilter) => ({
  name: 'wallet.bill' as const,
  params: filter,
  page: (page: number) => walletApi.bill({ ...filter, page, limit: BILL_PAGE_SIZE }),
});

/** Asked for during start-up when the app opens on this screen (src/api/first-answers.ts). */
export const firstAnswers: FirstAnswers = () => [billAnswer({})];

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

const isZero = (amount: string) => Number(amount) === 0;

type KindFilter = '' | (typeof BILL_FILTERS)[number];

/** One line of the statement: what it is and when on the left, the signed amount on the right. */
function BillRow({ entry, time }: { entry: BillEntry; time: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formatMoney = useMoney();
  // A payout leaves the money on hold, not the balance: its amount is the hold's change.
  const onHoldOnly = isZero(entry.amount) && !isZero(entry.frozenAmount);
  const amount = onHoldOnly ? entry.frozenAmount : entry.amount;
  const minus = amount.startsWith('-');
  const plus = !minus && !isZero(amount) && !onHoldOnly;
  const kind = t(`walletScreens.kind.${entry.kind}`);
  const what = entry.ref
    ? t(
        entry.ref.type === 'recharge' || entry.ref.type === 'withdrawal'
          ? 'walletScreens.ref.request'
          : 'walletScreens.ref.order',
        { label: entry.ref.label },
      )
    : entry.note;
  // Order numbers are identifiers: whole, on one line (a line of their own has room for them).
  const content = (
    <>
      <span className="bill-entry__kind" data-testid="bill-kind">
        {kind}
      </span>
      <span
        className={`bill-entry__amount${plus ? ' bill-entry__amount--plus' : ''}${onHoldOnly ? ' bill-entry__amount--hold' : ''}`}
        data-testid="bill-amount"
      >
        {plus ? '+' : minus ? '−' : ''}
        {formatMoney(amount.replace(/^-/, ''))}
      </span>
      {what && (
        <span className="bill-entry__ref" data-testid="bill-ref">
          {entry.ref ? <WithIdentifier text={what} value={entry.ref.label} /> : what}
        </span>
      )}
      <span className="bill-entry__sub bill-entry__time">{time}</span>
      <span className="bill-entry__sub bill-entry__after" data-testid="bill-balance-after">
        {onHoldOnly
          ? t('walletScreens.fromHold')
          : t('walletScreens.balanceAfter', { amount: formatMoney(entry.balanceAfter) })}
      </span>
    </>
  );
  const link = entry.ref?.link;
  return link ? (
    <button
      type="button"
      className="bill-entry bill-entry--link"
      data-testid="bill-entry"
      onClick={() => navigate(link)}
    >
      {content}
    </button>
  ) : (
    <div className="bill-entry" data-testid="bill-entry">
      {content}
    </div>
  );
}

/**
 * /capitalRecord: the wallet's statement. Balance and money on hold with the ways to top up and
 * withdraw; the entries by kind (chips) and month (the months that have entries), grouped by the
 * shopper's local day and paged; each entry names what it is (an order number, a top-up or a
 * withdrawal request) and opens it.
 */
export default function BillPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const hasScreen = useHasScreen();
  const formatMoney = useMoney();
  const [kind, setKind] = useState<KindFilter>('');
  const [month, setMonth] = useState('');
  const answer = billAnswer({ ...(kind ? { kind } : {}), ...(month ? { month } : {}) });
  const list = usePages(answer);
  const days = useMemo(() => byDay(list.items), [list.items]);
  const dateFormat = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { year: 'numeric', month: 'long', day: 'numeric' }),
    [i18n.language],
  );
  const timeFormat = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }),
    [i18n.language],
  );
  const monthFormat = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { year: 'numeric', month: 'long', timeZone: 'UTC' }),
    [i18n.language],
  );
  const first = list.first;
  // The months that have entries (kept while a filtered page loads), and the chosen one always.
  const [knownMonths, setKnownMonths] = useState<string[]>([]);
  if (first && first.months.join() !== knownMonths.join()) setKnownMonths(first.months);
  const months = month && !knownMonths.includes(month) ? [month, ...knownMonths] : knownMonths;
  const monthName = (m: string) => monthFormat.format(new Date(`${m}-01T00:00:00Z`));

  return (
    <Page className="bill-page">
      <div className="bill-head">
        <HeadSums
          balance={first ? formatMoney(first.balance) : '—'}
          frozen={first ? formatMoney(first.frozen) : '—'}
          testId="bill"
        />
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
      <div className="bill-filters" role="radiogroup" aria-label={t('walletScreens.kindFilter')}>
        {(['', ...BILL_FILTERS] as const).map((k) => (
          <Chip
            key={k || 'all'}
            Component="button"
            type="button"
            role="radio"
            aria-checked={kind === k}
            mode={kind === k ? 'mono' : 'outline'}
            className={`bill-chip${kind === k ? ' bill-chip--on' : ''}`}
            data-testid={`bill-kind-${k || 'all'}`}
            onClick={() => setKind(k)}
          >
            {t(`walletScreens.filter.${k || 'all'}`)}
          </Chip>
        ))}
      </div>
      <div className="bill-month">
        <Select
          header={t('walletScreens.monthFilter')}
          value={month}
          onChange={(e) => setMonth(e.target.value)}
          aria-label={t('walletScreens.monthFilter')}
          data-testid="bill-month-filter"
        >
          <option value="">{t('walletScreens.anyMonth')}</option>
          {months.map((m) => (
            <option key={m} value={m}>
              {monthName(m)}
            </option>
          ))}
        </Select>
      </div>
      <PagedList
        state={list}
        errorLook={{ className: 'wallet-state' }}
        empty={<EmptyState text={t('walletScreens.empty')} />}
        moreButton={{ label: t('walletScreens.loadMore'), testId: 'bill-more' }}
      >
        {() =>
          days.map(({ day, entries }) => (
            <section key={day} className="bill-day" data-testid="bill-day" data-day={day}>
              <h3 className="bill-day__date">{dateFormat.format(new Date(entries[0].createdAt))}</h3>
              <div className="bill-day__entries">
                {entries.map((entry) => (
                  <BillRow key={entry.id} entry={entry} time={timeFormat.format(new Date(entry.createdAt))} />
                ))}
              </div>
            </section>
          ))
        }
      </PagedList>
    </Page>
  );
}
