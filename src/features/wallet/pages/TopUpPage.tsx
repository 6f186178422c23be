import { Cell, List, Section } from '@telegram-apps/telegram-ui';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { parseAmount, toAmount } from '@common/money';
import { paths } from '@common/paths';
import { errorText } from '@app/api/error-text';
import { PendingState } from '@app/components/States';
import { Page } from '@app/components/Page';
import { useMoney } from '@app/i18n/use-money';
import { loadUserInfo, session } from '@app/stores/session';
import { blockchainFirst, useBlockchain } from '../use-blockchain';
import '../wallet.css';
import '../topup.css';

/** Asked for during start-up when the app opens on this screen (src/api/first-answers.ts). */
export const firstAnswers = blockchainFirst;

/**
 * /topUp: the three ways to top up (on-chain, card, manual), each with what it costs, how long it
 * takes and its limits; the card way says "temporarily unavailable" when the shop has no payment
 * provider (getBlockchain's cardAvailable), the bank transfer way "no bank transfers yet" while the
 * operator has set no bank account (getBlockchain's bank). The records are one tap away.
 */
export default function TopUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formatMoney = useMoney();
  const { userInfo } = useSnapshot(session);
  const info = useBlockchain();

  useEffect(() => {
    loadUserInfo().catch(() => undefined);
  }, []);

  let ways: ReactNode;
  if (info.isError || !info.data) {
    ways = (
      <PendingState
        className="wallet-state"
        error={info.isError ? errorText(info.error) : null}
        onRetry={() => void info.refetch()}
      />
    );
  } else {
    const { list, topUp, cardAvailable, bank } = info.data;
    const chainMin = list.length ? Math.min(...list.map((n) => parseAmount(n.minRecharge) ?? 0)) : undefined;
    const range = t('topUp.limits', { min: formatMoney(topUp.min), max: formatMoney(topUp.max) });
    ways = (
      <Section header={t('topUp.choose')}>
        {list.length > 0 && (
          <Way
            way="chain"
            limits={t('topUp.from', { min: formatMoney(toAmount(chainMin ?? 0)) })}
            onClick={() => navigate(paths.walletTopUp.href())}
          />
        )}
        <Way
          way="card"
          limits={range}
          unavailable={cardAvailable ? undefined : t('topUp.ways.card.unavailable')}
          onClick={() => navigate(paths.cardTopUp.href())}
        />
        <Way
          way="manual"
          limits={range}
          unavailable={bank ? undefined : t('topUp.ways.manual.unavailable')}
          onClick={() => navigate(paths.walletTopUp.manual())}
        />
      </Section>
    );
  }

  return (
    <Page className="topup-page">
      <div className="bill-head">
        <div className="bill-head__label">{t('walletScreens.balance')}</div>
        <div className="bill-head__value" data-testid="topup-balance">
          {userInfo ? formatMoney(userInfo.balance) : '—'}
        </div>
      </div>
      <List>
        {ways}
        <Section>
          <Cell
            Component="button"
            className="topup-records"
            onClick={() => navigate(paths.topUpRecord.href())}
          >
            {t('topUp.records')}
          </Cell>
        </Section>
      </List>
    </Page>
  );
}

function Way(props: {
  way: 'chain' | 'card' | 'manual';
  limits: string;
  /** Why the way cannot be taken now; it is shown instead of opening. */
  unavailable?: string;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  const { way, unavailable } = props;
  return (
    <Cell
      Component="button"
      multiline
      className="topup-way"
      disabled={Boolean(unavailable)}
      onClick={unavailable ? undefined : props.onClick}
      data-testid={`way-${way}`}
      aria-disabled={unavailable ? true : undefined}
      subtitle={
        <span className="topup-way__lines">
          <span>{t(`topUp.ways.${way}.cost`)}</span>
          <span>{t(`topUp.ways.${way}.time`)}</span>
          <span>{props.limits}</span>
        </span>
      }
      after={
        unavailable ? (
          <span className="topup-way__off" data-testid={`${way}-unavailable`}>
            {unavailable}
          </span>
        ) : undefined
      }
    >
      {t(`topUp.ways.${way}.title`)}
    </Cell>
  );
}
