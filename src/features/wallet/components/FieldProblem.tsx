import { useTranslation } from 'react-i18next';
import { useMoney } from '@app/i18n/use-money';
import type { Problem } from '../lib/withdraw-form';

/** A field's problem under it, read out when it appears (its values are amounts). */
export function FieldProblem({ problem, testId }: { problem?: Problem; testId: string }) {
  const { t } = useTranslation();
  const formatMoney = useMoney();
  if (!problem) return null;
  const { min, max, left } = problem.values ?? {};
  const money = (v?: string) => (v === undefined ? '' : formatMoney(v));
  const values = { min: money(min), max: money(max), left: money(left) };
  return (
    <p className="field-error" role="alert" data-testid={testId} data-key={problem.key}>
      {t(problem.key, values)}
    </p>
  );
}
