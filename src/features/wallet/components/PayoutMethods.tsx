import { Section } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import type { PayoutMethod } from '../api';

interface PayoutMethodsProps {
  methods: PayoutMethod[];
  /** The chosen method's id; null: a new destination. */
  chosen: number | null;
  onChoose: (id: number | null) => void;
  onDelete: (method: PayoutMethod) => void;
  /** The text of the "new destination" choice ("New bank card", "New address"). */
  newLabel: string;
}

/**
 * The saved payout methods of one type to reuse with a tap (a card as its bank and last four
 * digits only, as the server labels it), each deletable, and the choice of a new destination.
 */
export function PayoutMethods({ methods, chosen, onChoose, onDelete, newLabel }: PayoutMethodsProps) {
  const { t } = useTranslation();
  return (
    <Section header={t('withdraw.saved')}>
      <div className="payout-list" role="radiogroup" aria-label={t('withdraw.saved')}>
        {methods.map((m) => (
          <div key={m.id} className="payout-row" data-testid="payout" data-payout-id={m.id}>
            <button
              type="button"
              role="radio"
              aria-checked={chosen === m.id}
              className="payout-row__pick"
              onClick={() => onChoose(m.id)}
              data-testid="payout-pick"
            >
              <span className="payout-row__dot" aria-hidden="true" />
              <span className="payout-row__text">
                <span className="payout-row__label" data-testid="payout-label">
                  {m.label}
                </span>
                {m.holder && <span className="payout-row__sub">{m.holder}</span>}
              </span>
            </button>
            <button
              type="button"
              className="payout-row__delete"
              aria-label={t('withdraw.deleteMethod', { label: m.label })}
              onClick={() => onDelete(m)}
              data-testid="payout-delete"
            >
              {t('withdraw.delete')}
            </button>
          </div>
        ))}
        <div className="payout-row">
          <button
            type="button"
            role="radio"
            aria-checked={chosen === null}
            className="payout-row__pick"
            onClick={() => onChoose(null)}
            data-testid="payout-new"
          >
            <span className="payout-row__dot" aria-hidden="true" />
            <span className="payout-row__label">{newLabel}</span>
          </button>
        </div>
      </div>
    </Section>
  );
}
