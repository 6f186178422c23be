import { useState } from 'react';

/**
 * A link-like action under an address field (the helpers from Telegram: the phone number, the
 * location), busy while `run` runs, its text wrapping in the long languages instead of being cut.
 */
export function FieldHelper({
  text,
  testId,
  run,
}: {
  text: string;
  testId: string;
  run: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const press = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await run();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="address-telegram">
      <button
        type="button"
        className="link-button address-telegram__button"
        disabled={busy}
        aria-busy={busy}
        onClick={() => void press()}
        data-testid={testId}
      >
        {text}
      </button>
    </div>
  );
}
