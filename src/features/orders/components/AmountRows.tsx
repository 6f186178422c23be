import type { ReactNode } from 'react';

export interface AmountRow {
  /** A text, or a sentence with an identifier kept whole in it (WithIdentifier). */
  label: ReactNode;
  value: ReactNode;
  /** The row that sums the others up (bold, a line above). */
  total?: boolean;
  /**
   * A value that is free text (a reason, an explanation, a note): it wraps between words beside
   * its label. Any other value (an amount, a date, a code) stays whole on one line.
   */
  text?: boolean;
  testId?: string;
}

/**
 * Label and amount pairs, as a description list. A label wraps between words in the room the
 * value leaves, and is never narrower than its longest word.
 */
export function AmountRows({ rows }: { rows: readonly (AmountRow | false | null | undefined | '')[] }) {
  return (
    <dl className="order-amounts">
      {rows.filter(Boolean).map((row, i) => {
        const { label, value, total, text, testId } = row as AmountRow;
        const className = ['order-amount', total && 'order-amount--total', text && 'order-amount--text'];
        return (
          <div key={typeof label === 'string' ? label : i} className={className.filter(Boolean).join(' ')}>
            <dt>{label}</dt>
            <dd data-testid={testId}>{value}</dd>
          </div>
        );
      })}
    </dl>
  );
}
