import { Button, List, Placeholder, SegmentedControl, Spinner } from '@telegram-apps/telegram-ui';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toAmount, parseAmount } from '../../../../common/money';
import { paths } from '../../../../common/paths';
import { cardDigits, maskedCard, WITHDRAW_TYPES, type WithdrawType } from '../../../../common/wallet';
import { ApiError } from '../../../api/client';
import { answeredForCertain, createIntent } from '../../../api/idempotency';
import { invalidateEndpoints } from '../../../api/query-client';
import { useLoad } from '../../../api/use-load';
import { ErrorState } from '../../../components/ErrorState';
import { Page } from '../../../components/Page';
import { PAY_DIGITS } from '../../../components/PayPad';
import { toast } from '../../../components/toast-store';
import { useMoney } from '../../../i18n/use-money';
import { haptic } from '../../../telegram/buttons';
import { useClosingConfirmation } from '../../../telegram/closing';
import { confirmAction } from '../../../telegram/confirm';
import { walletApi, type ExtractAnswer, type ExtractInfo, type PayoutMethod } from '../api';
import { AmountSection } from '../components/AmountSection';
import { DestinationFields } from '../components/DestinationFields';
import { PayoutMethods } from '../components/PayoutMethods';
import { WithdrawConfirm, type WithdrawFailure } from '../components/WithdrawConfirm';
import { WithdrawDone } from '../components/WithdrawDone';
import {
  checkForm,
  chosenMethod,
  emptyForm,
  extractParams,
  feeRuleOf,
  limitsOf,
  mostWithdrawable,
  networkOf,
  usableMethods,
  type FormField,
  type WithdrawForm,
} from '../lib/withdraw-form';
import '../wallet.css';

/** What a withdrawal changes: the wallet's answers (balance, bill, records, methods) and user info. */
const AFTER_WITHDRAW = ['wallet.', 'user.getUserInfo', 'user.balance'] as const;
const ALL_FIELDS: FormField[] = ['amount', 'bankName', 'holder', 'cardNumber', 'networkId', 'address'];
const cents = (amount: string) => parseAmount(amount) ?? 0;

/** A new form of `type`, on its newest saved method when there is one. */
const formFor = (type: WithdrawType, info: ExtractInfo): WithdrawForm =>
  emptyForm(type, usableMethods(info, type)[0]?.id ?? null);

/**
 * /withDraw: to a bank card or on-chain, to a saved method or a new one; the amount with its fee
 * shown before anything is sent, then the payment password. The request holds amount + fee until
 * the operator reviews it; its record opens from here.
 */
export default function WithdrawPage() {
  const info = useLoad('wallet.extractInfo', {}, walletApi.extractInfo, { fresh: true });
  if (!info.data) {
    return (
      <Page className="withdraw-page">
        {info.error ? (
          <ErrorState className="wallet-state" message={info.error} onRetry={info.reload} />
        ) : (
          <Placeholder>
            <Spinner size="m" />
          </Placeholder>
        )}
      </Page>
    );
  }
  return <Withdraw info={info.data} reload={info.reload} />;
}

function Withdraw({ info, reload }: { info: ExtractInfo; reload: () => Promise<void> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const formatMoney = useMoney();
  const money = (c: number) => formatMoney(toAmount(c));
  const [form, setForm] = useState(() => formFor('bank', info));
  const [touched, setTouched] = useState<ReadonlySet<FormField>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [intent] = useState(createIntent);
  const [digits, setDigits] = useState('');
  const [padKey, setPadKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const [failure, setFailure] = useState<WithdrawFailure | null>(null);
  const [done, setDone] = useState<ExtractAnswer | null>(null);
  useClosingConfirmation(confirming && !done);

  // A saved method deleted elsewhere (or just now) is no longer a choice.
  const method = chosenMethod(form, info);
  const current = form.payoutId !== null && !method ? { ...form, payoutId: null } : form;
  const checked = checkForm(current, info);
  const shown = Object.fromEntries(
    Object.entries(checked.problems).filter(([field]) => touched.has(field as FormField)),
  );
  const rule = feeRuleOf(current, info);
  const limits = limitsOf(current, info);
  const touch = (field: FormField) => setTouched((s) => new Set(s).add(field));
  const set = (field: keyof WithdrawForm, value: string | number | null) =>
    setForm((f) => ({ ...f, [field]: value }));

  const chooseType = (type: WithdrawType) => {
    if (type === form.type) return;
    haptic.tap();
    setForm((f) => ({ ...formFor(type, info), amount: f.amount }));
    setTouched((s) => new Set([...s].filter((f) => f === 'amount')));
  };

  const withdrawAll = () => {
    if (!rule) return touch('networkId');
    const cap = Math.min(limits.max, cents(info.limits.leftToday));
    set('amount', toAmount(mostWithdrawable(cents(info.balance), rule, cap)));
    touch('amount');
  };

  const remove = async (m: PayoutMethod) => {
    if (!(await confirmAction(t('withdraw.deleteConfirm', { label: m.label }), t('withdraw.delete')))) return;
    try {
      await walletApi.payoutDel(m.id);
    } catch {
      return; // The client has shown why.
    }
    haptic.success();
    toast.success(t('withdraw.deleted'));
    if (form.payoutId === m.id) set('payoutId', null);
    await invalidateEndpoints(client, ['wallet.extractInfo', 'wallet.payoutList']);
  };

  const proceed = () => {
    setTouched(new Set(ALL_FIELDS));
    if (Object.keys(checked.problems).length > 0) return void haptic.error();
    haptic.tap();
    setForm(current);
    setFailure(null);
    setDigits('');
    setConfirming(true);
  };

  const submit = async (password: string) => {
    if (sending.current || password.length !== PAY_DIGITS || checked.amount === undefined) return;
    sending.current = true;
    setBusy(true);
    setFailure(null);
    const params = extractParams(current, checked.amount, password);
    try {
      const answer = await intent.run(params, (key) => walletApi.extract(params, key));
      haptic.success();
      setDone(answer);
      void invalidateEndpoints(client, AFTER_WITHDRAW);
    } catch (e) {
      haptic.error();
      const certain = answeredForCertain(e);
      setFailure({
        error: e instanceof ApiError ? e.error : undefined,
        message: e instanceof Error && e.message ? e.message : t('withdraw.failed'),
        retry: !certain,
      });
      if (certain) {
        // A definite answer: the next try is a new password (and a new key); the balance, the
        // limits or the methods may have changed meanwhile.
        setDigits('');
        setPadKey((k) => k + 1);
        void reload();
      }
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  const onDigits = (value: string) => {
    if (sending.current) return;
    setDigits(value);
    if (value.length < PAY_DIGITS) setFailure((f) => (f?.retry ? f : null));
    if (value.length === PAY_DIGITS) void submit(value);
  };

  if (done) {
    return (
      <WithdrawDone
        answer={done}
        onAnother={() => {
          setDone(null);
          setConfirming(false);
          setTouched(new Set());
          setForm(formFor(form.type, info));
        }}
      />
    );
  }

  const head = (
    <div className="bill-head">
      <div className="bill-head__sums">
        <div>
          <div className="bill-head__label">{t('walletScreens.balance')}</div>
          <div className="bill-head__value" data-testid="withdraw-balance">
            {formatMoney(info.balance)}
          </div>
        </div>
        <div>
          <div className="bill-head__label">{t('walletScreens.frozen')}</div>
          <div className="bill-head__value" data-testid="withdraw-frozen">
            {formatMoney(info.frozen)}
          </div>
        </div>
      </div>
      <div className="bill-head__actions">
        <Button
          size="s"
          mode="plain"
          className="withdraw-records"
          onClick={() => navigate(paths.depositRecord.href())}
          data-testid="withdraw-records"
        >
          {t('withdraw.records')}
        </Button>
      </div>
    </div>
  );

  if (confirming && checked.amount !== undefined && checked.fee !== undefined) {
    const network = networkOf(current, info);
    const destination = method
      ? method.label
      : current.type === 'bank'
        ? `${current.bankName.trim()} ${maskedCard(cardDigits(current.cardNumber).slice(-4))}`
        : `${network?.name ?? ''} ${current.address.trim()}`;
    const noPassword = !info.hasPayPassword;
    const main = noPassword
      ? { text: t('withdraw.setPassword'), onClick: () => navigate(paths.changePayPwd.href()) }
      : {
          text: failure?.retry
            ? t('withdraw.tryAgain')
            : t('withdraw.submit', { amount: money(checked.amount) }),
          onClick: () => void submit(digits),
          enabled: digits.length === PAY_DIGITS,
          loading: busy,
        };
    return (
      <Page className="withdraw-page" main={main}>
        {head}
        <WithdrawConfirm
          rows={[
            { label: t('withdraw.to'), value: destination, testId: 'confirm-destination' },
            { label: t('withdraw.arrives'), value: money(checked.amount), testId: 'confirm-amount' },
            { label: t('withdraw.fee'), value: money(checked.fee), testId: 'confirm-fee' },
            {
              label: t('withdraw.total'),
              value: money(checked.amount + checked.fee),
              total: true,
              testId: 'confirm-total',
            },
          ]}
          hasPayPassword={info.hasPayPassword}
          failure={failure}
          busy={busy}
          padKey={padKey}
          onDigits={onDigits}
          onChange={() => setConfirming(false)}
        />
      </Page>
    );
  }

  const methods = usableMethods(info, form.type);
  return (
    <Page className="withdraw-page" main={{ text: t('withdraw.continue'), onClick: proceed }}>
      {head}
      <div className="withdraw-types">
        <SegmentedControl>
          {WITHDRAW_TYPES.map((type) => (
            <SegmentedControl.Item
              className="segment-whole"
              key={type}
              selected={form.type === type}
              onClick={() => chooseType(type)}
              data-testid={`withdraw-type-${type}`}
            >
              {t(`withdraw.type.${type}`)}
            </SegmentedControl.Item>
          ))}
        </SegmentedControl>
      </div>
      <List className="withdraw-form">
        {methods.length > 0 && (
          <PayoutMethods
            methods={methods}
            chosen={current.payoutId}
            onChoose={(id) => {
              haptic.tap();
              set('payoutId', id);
            }}
            onDelete={(m) => void remove(m)}
            newLabel={form.type === 'bank' ? t('withdraw.newCard') : t('withdraw.newAddress')}
          />
        )}
        {current.payoutId === null && (
          <DestinationFields form={form} networks={info.networks} problems={shown} set={set} touch={touch} />
        )}
        <AmountSection
          value={form.amount}
          problem={shown.amount}
          amount={checked.amount}
          fee={checked.fee}
          rule={rule}
          limits={{ ...limits, leftToday: cents(info.limits.leftToday) }}
          onChange={(value) => set('amount', value)}
          onBlur={() => touch('amount')}
          onAll={withdrawAll}
        />
      </List>
    </Page>
  );
}
