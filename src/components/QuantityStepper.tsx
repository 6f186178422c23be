import { useTranslation } from 'react-i18next';

interface QuantityStepperProps {
  value: number;
  /** The most that may be chosen (the stock); "+" stops there. */
  max: number;
  onChange: (next: number) => void;
  disabled?: boolean;
  /** What the quantity is of, for screen readers ("Quantity of Lamp"). */
  label: string;
  'data-testid'?: string;
}

/** − n +: a quantity from 1 to `max`, one step per tap (the bag's lines, the product page). */
export function QuantityStepper({ value, max, onChange, disabled, label, ...rest }: QuantityStepperProps) {
  const { t } = useTranslation();
  const id = rest['data-testid'] ?? 'stepper';
  return (
    <div className="stepper" role="group" aria-label={label} data-testid={id}>
      <button
        type="button"
        className="stepper__button"
        aria-label={t('cart.fewer')}
        disabled={disabled || value <= 1}
        onClick={() => onChange(value - 1)}
        data-testid={`${id}-minus`}
      >
        <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
          <path d="M2 7h10" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <output className="stepper__value" aria-live="polite" data-testid={`${id}-value`}>
        {value}
      </output>
      <button
        type="button"
        className="stepper__button"
        aria-label={t('cart.more')}
        disabled={disabled || value >= max}
        onClick={() => onChange(value + 1)}
        data-testid={`${id}-plus`}
      >
        <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
          <path d="M2 7h10M7 2v10" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
