import { invoice } from '@telegram-apps/sdk-react';
import { Button, List, Section } from '@telegram-apps/telegram-ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { paths } from '@common/paths';
import { errorText } from '@app/api/error-text';
import { useEndpointMutation } from '@app/api/use-endpoint-mutation';
import { invalidateEndpoints, queryKeyOf } from '@app/api/query-client';
import { PendingState } from '@app/components/States';
import { Field } from '@app/components/Field';
import { Page } from '@app/components/Page';
import { useMoney } from '@app/i18n/use-money';
import { loadUserInfo, session } from '@app/stores/session';
import { haptic } from '@app/telegram/buttons';
import { tgEnv } from '@app/telegram/env';
import { payInvoice, type InvoiceOutcome } from '@app/telegram/invoice';
import { AFTER_TOP_UP, walletApi } from '../api';
import { FieldMessage } from '../components/EvidencePicker';
import type { FieldErrors } from '../lib/topup-form';
import { useTopUpCheck } from '../lib/use-topup-check';
import { useErrorText } from '../lib/use-error-text';
import { blockchainFirst, useBlockchain } from '../use-blockchain';
import { Placeholder } from '@app/components/Placeholder';
import '../wallet.css';
import '../topup.css';

/** How often the screen asks whether a paid invoice has been credited (the bot credits it). */
const CREDIT_POLL_MS = 1500;

/** Asked for during start-up when the app opens on this screen (src/api/first-answers.ts). */
export const firstAnswers = blockchainFirst;

/**
 * /cardTopUp: an amount, then a Telegram invoice (wallet.rechargeCard's link opened with the SDK's
 * invoice.open(link, 'url')). What the invoice answers is only shown: the balance goes up when the
 * bot receives Telegram's successful payment, which this screen waits for. Without a payment
 * provider the way is "temporarily unavailable"; outside Telegram no invoice can open.
 */
export default function CardTopUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = useBlockchain();
  const env = useSnapshot(tgEnv);
  const canOpen = env.inTelegram && invoice.open.isAvailable();

  const back = (
    <Button size="m" mode="bezeled" onClick={() => navigate(paths.topUp.href(), { replace: true })}>
      {t('common.back')}
    </Button>
  );
  let body;
  if (info.isError || !info.data)
    body = (
      <PendingState
        className="wallet-state"
        error={info.isError ? errorText(info.error) : null}
        onRetry={() => void info.refetch()}
      />
    );
  else if (!info.data.cardAvailable)
    body = (
      <Placeholder
        className="wallet-state"
        description={t('topUp.card.unavailable')}
        action={back}
        data-testid="card-unavailable"
      />
    );
  else if (!canOpen)
    body = (
      <Placeholder
        className="wallet-state"
        description={t('topUp.card.needsTelegram')}
        action={back}
        data-testid="card-needs-telegram"
      />
    );
  else return <CardForm limits={info.data.topUp} />;
  return <Page className="topup-page">{body}</Page>;
}

function CardForm({ limits }: { limits: { min: string; max: string } }) {
  const { t } = useTranslation();
  const formatMoney = useMoney();
  const client = useQueryClient();
  const [amount, setAmount] = useState('');
  const [checked, setChecked] = useState(false);
  const checker = useTopUpCheck();
  const [outcome, setOutcome] = useState<{ status: InvoiceOutcome; id: number; amount: string }>();
  // Busy until Telegram's invoice is closed; the key stays the same for a retry after an uncertain failure.
  const paying = useEndpointMutation('wallet.rechargeCard', {
    run: async (send, _: void) => {
      const answer = await send({ amount });
      const status = await payInvoice(answer.invoiceLink);
      setOutcome({ status, id: answer.id, amount: answer.amount });
    },
    // Refused by the server (toasted: no Telegram account, too many invoices) or no invoice opened.
    haptic: { error: true },
  });
  const busy = paying.busy;

  const errors: FieldErrors = checked && checker.check ? checker.check({ type: 'card', amount }, limits) : {};
  const amountError = useErrorText()(errors.amount);

  const pay = async () => {
    if (busy) return;
    const check = await checker.load();
    setChecked(true);
    if (Object.keys(check({ type: 'card', amount }, limits)).length > 0) {
      haptic.error();
      return;
    }
    setOutcome(undefined);
    await paying.mutate();
  };

  return (
    <Page
      className="topup-page"
      main={{ text: t('topUp.card.pay'), onClick: () => void pay(), loading: busy }}
    >
      <List>
        <Section>
          <p className="topup-note">{t('topUp.card.intro')}</p>
          <Field
            label={t('topUp.form.amount')}
            name="amount"
            inputMode="decimal"
            placeholder={limits.min}
            value={amount}
            status={amountError ? 'error' : undefined}
            onChange={(e) => setAmount(e.target.value)}
            data-testid="amount"
          />
          {amountError && <FieldMessage field="amount" text={amountError} />}
          <p className="topup-hint">
            {t('topUp.limits', { min: formatMoney(limits.min), max: formatMoney(limits.max) })}
          </p>
        </Section>
        {outcome && (
          <Section>
            {outcome.status === 'paid' ? (
              <Credited id={outcome.id} onCredited={() => void invalidateEndpoints(client, AFTER_TOP_UP)} />
            ) : (
              <p
                className={`topup-result topup-result--${outcome.status}`}
                role="status"
                data-testid="card-result"
              >
                {t(`topUp.card.${outcome.status}`)}
              </p>
            )}
          </Section>
        )}
      </List>
    </Page>
  );
}

/**
 * A paid invoice: Telegram tells the bot, the bot credits the balance. Until the top-up's record
 * says passed the screen asks again; then the balance everywhere is refreshed and shown.
 */
function Credited({ id, onCredited }: { id: number; onCredited: () => void }) {
  const { t, i18n } = useTranslation();
  const formatMoney = useMoney();
  const { userInfo } = useSnapshot(session);
  const record = useQuery({
    queryKey: queryKeyOf('wallet.rechargeLog', { card: id }, i18n.language),
    queryFn: async () =>
      (await walletApi.rechargeLog({ page: 1, limit: 20 })).list.find((r) => r.id === id) ?? null,
    refetchInterval: (query) => (query.state.data?.status === 1 ? false : CREDIT_POLL_MS),
    staleTime: 0,
  });
  const credited = record.data?.status === 1 ? record.data : undefined;
  const [refreshed, setRefreshed] = useState(false);
  const creditedId = credited?.id;
  const done = useRef(onCredited);
  done.current = onCredited;
  useEffect(() => {
    if (creditedId === undefined) return;
    done.current();
    loadUserInfo()
      .catch(() => undefined)
      .finally(() => setRefreshed(true));
  }, [creditedId]);

  if (!credited || !refreshed || !userInfo)
    return (
      <p className="topup-result topup-result--paid" role="status" data-testid="card-result">
        {t('topUp.card.paid')}
      </p>
    );
  return (
    <p className="topup-result topup-result--credited" role="status" data-testid="card-result">
      {t('topUp.card.credited', {
        amount: formatMoney(credited.arrivalAmount ?? credited.amount),
        balance: formatMoney(userInfo.balance),
      })}
    </p>
  );
}
