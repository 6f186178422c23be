import type { ReactNode } from 'react';

export interface AmountRow {
  label: string;
  value: ReactNode;
  /** The row that sums the others up (bold, a line above). */
  total?: boolean;
  testId?: string;
}

/** Label and amount pairs, as a description list. */
export function AmountRows({ rows }: { rows: readonly (AmountRow | false | null | undefined | '')[] }) {
  return (
    <dl className="order-amounts">
      {rows.filter(Boolean).map((row) => {
        const { label, value, total, testId } = row as AmountRow;
        return (
          <div key={label} className={`order-amount ${total ? 'order-amount--total' : ''}`}>
            <dt>{label}</dt>
            <dd data-testid={testId}>{value}</dd>
          </div>
        );
      })}
    </dl>
  );
}
