import { Button, Section } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { toAmount, type Cents } from '@common/money';
import type { FeeRule } from '@common/wallet';
import { Field } from '@app/components/Field';
import { useMoney } from '@app/i18n/use-money';
import type { Problem } from '../lib/withdraw-form';
import { FieldProblem } from './FieldProblem';
import { SumRows } from './SumRows';

interface AmountSectionProps {
  value: string;
  problem?: Problem;
  /** The amount as read and its fee (undefined while they cannot be known). */
  amount?: Cents;
  fee?: Cents;
  rule?: FeeRule;
  limits: { min: Cents; max: Cents; leftToday: Cents };
  onChange: (value: string) => void;
  onBlur: () => void;
  onAll: () => void;
}

/**
 * The amount with "withdraw all", and before anything is sent what it costs: the fee by the same
 * rule as the server's, what arrives, and what leaves the balance.
 */
export function AmountSection(props: AmountSectionProps) {
  const { t, i18n } = useTranslation();
  const formatMoney = useMoney();
  const { amount, fee, rule, limits } = props;
  const money = (cents: Cents) => formatMoney(toAmount(cents));
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 2 });
  const known = amount !== undefined && fee !== undefined;
  return (
    <Section header={t('withdraw.amount')}>
      <Field
        label={t('withdraw.amountLabel')}
        name="amount"
        inputMode="decimal"
        placeholder="0.00"
        autoComplete="off"
        maxLength={20}
        value={props.value}
        status={props.problem ? 'error' : undefined}
        onChange={(e) => props.onChange(e.target.value)}
        onBlur={props.onBlur}
        after={
          <Button size="s" mode="plain" onClick={props.onAll} data-testid="withdraw-all">
            {t('withdraw.all')}
          </Button>
        }
      />
      <FieldProblem problem={props.problem} testId="problem-amount" />
      <div className="withdraw-sums">
        <SumRows
          rows={[
            { label: t('withdraw.fee'), value: known ? money(fee) : '—', testId: 'withdraw-fee' },
            { label: t('withdraw.arrives'), value: known ? money(amount) : '—', testId: 'withdraw-arrives' },
            {
              label: t('withdraw.total'),
              value: known ? money(amount + fee) : '—',
              total: true,
              testId: 'withdraw-total',
            },
          ]}
        />
        <p className="withdraw-hint" data-testid="withdraw-rules">
          {rule &&
            t('withdraw.feeRule', { rate: percent.format(rule.rateBps / 10_000), min: money(rule.min) })}{' '}
          {t('withdraw.limits', {
            min: money(limits.min),
            max: money(limits.max),
            left: money(limits.leftToday),
          })}
        </p>
      </div>
    </Section>
  );
}
