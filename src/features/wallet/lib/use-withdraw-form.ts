import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseAmount, toAmount } from '@common/money';
import type { WithdrawType } from '@common/wallet';
import { ApiError } from '@app/api/client';
import { answeredForCertain } from '@app/api/idempotency';
import type { EndpointPrefix } from '@app/api/query-client';
import { useEndpointMutation } from '@app/api/use-endpoint-mutation';
import { PAY_DIGITS } from '@app/components/PayPad';
import { toast } from '@app/components/toast-store';
import { haptic } from '@app/telegram/buttons';
import { useClosingConfirmation } from '@app/telegram/closing';
import { confirmAction } from '@app/telegram/confirm';
import type { ExtractAnswer, ExtractInfo, PayoutMethod } from '../api';
import type { WithdrawFailure } from '../components/WithdrawConfirm';
import {
  checkForm,
  chosenMethod,
  emptyForm,
  extractParams,
  feeRuleOf,
  limitsOf,
  mostWithdrawable,
  usableMethods,
  type FormField,
  type WithdrawForm,
} from './withdraw-form';

/** What a withdrawal changes: the wallet's answers (balance, bill, records, methods) and user info. */
const AFTER_WITHDRAW = ['wallet.', 'user.getUserInfo'] as const satisfies readonly EndpointPrefix[];
const ALL_FIELDS: FormField[] = ['amount', 'bankName', 'holder', 'cardNumber', 'networkId', 'address'];
const cents = (amount: string) => parseAmount(amount) ?? 0;

/** A new form of `type`, on its newest saved method when there is one. */
const formFor = (type: WithdrawType, info: ExtractInfo): WithdrawForm =>
  emptyForm(type, usableMethods(info, type)[0]?.id ?? null);

/**
 * The withdrawal form's state and its handlers: the fields and which were touched, the choice of
 * type and saved method, "withdraw all", then the confirmation with the payment password, sent
 * once under one idempotency key until a definite answer. Closing the Mini App asks first while
 * a withdrawal is being confirmed.
 */
export function useWithdrawForm(info: ExtractInfo, reload: () => Promise<void>) {
  const { t } = useTranslation();
  const [form, setForm] = useState(() => formFor('bank', info));
  const [touched, setTouched] = useState<ReadonlySet<FormField>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [digits, setDigits] = useState('');
  const [padKey, setPadKey] = useState(0);
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

  const deleting = useEndpointMutation('wallet.payoutDel', {
    run: async (send, m: PayoutMethod) => {
      await send({ payout_id: m.id });
      toast.success(t('withdraw.deleted'));
      if (form.payoutId === m.id) set('payoutId', null);
    },
    invalidates: ['wallet.extractInfo', 'wallet.payoutList'],
    haptic: { success: 'success' },
  });
  const remove = async (m: PayoutMethod) => {
    if (!(await confirmAction(t('withdraw.deleteConfirm', { label: m.label }), t('withdraw.delete')))) return;
    await deleting.mutate(m);
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

  // Sent once under the hook's intent (one Idempotency-Key) until a definite answer; the page shows why
  // it failed.
  const extracting = useEndpointMutation('wallet.extract', {
    request: { showError: false },
    invalidates: AFTER_WITHDRAW,
    haptic: { success: 'success', error: true },
    onSuccess: (answer) => setDone(answer),
    onError: (e) => {
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
    },
  });
  const busy = extracting.busy;

  const submit = async (password: string) => {
    if (busy || password.length !== PAY_DIGITS || checked.amount === undefined) return;
    setFailure(null);
    await extracting.mutate(extractParams(current, checked.amount, password));
  };

  const onDigits = (value: string) => {
    if (busy) return;
    setDigits(value);
    if (value.length < PAY_DIGITS) setFailure((f) => (f?.retry ? f : null));
    if (value.length === PAY_DIGITS) void submit(value);
  };

  /** After a sent withdrawal: a new form of the same type. */
  const another = () => {
    setDone(null);
    setConfirming(false);
    setTouched(new Set());
    setForm(formFor(form.type, info));
  };

  return {
    form,
    current,
    method,
    checked,
    shown,
    rule,
    /** The amount's limits with what is left of today's allowance, in cents. */
    limits: { ...limits, leftToday: cents(info.limits.leftToday) },
    confirming,
    digits,
    padKey,
    busy,
    failure,
    done,
    set,
    touch,
    chooseType,
    withdrawAll,
    remove,
    proceed,
    submit,
    onDigits,
    /** Back from the confirmation to the form. */
    change: () => setConfirming(false),
    another,
  };
}
