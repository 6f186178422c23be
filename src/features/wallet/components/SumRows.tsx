import type { ReactNode } from 'react';

export interface SumRow {
  label: string;
  value: ReactNode;
  /** The row that sums the others up (bold, a line above). */
  total?: boolean;
  testId?: string;
}

/** Label and amount pairs of a withdrawal, as a description list. */
export function SumRows({ rows }: { rows: readonly (SumRow | false | null | undefined)[] }) {
  return (
    <dl className="sum-rows">
      {rows.filter(Boolean).map((row) => {
        const { label, value, total, testId } = row as SumRow;
        return (
          <div key={label} className={`sum-row${total ? ' sum-row--total' : ''}`}>
            <dt>{label}</dt>
            <dd data-testid={testId}>{value}</dd>
          </div>
        );
      })}
    </dl>
  );
}
