import { Spinner } from '@telegram-apps/telegram-ui';
import { useSnapshot } from 'valtio';
import { toastState } from './toast-store';

/** Renders the one toast; screen readers hear it through the live region. */
export function ToastHost() {
  const snap = useSnapshot(toastState);
  return (
    <div className="toast-host" aria-live="polite" role="status">
      {snap.visible && (
        <div key={snap.seq} className={`toast toast--${snap.type}`} data-testid="toast">
          {snap.type === 'loading' && <Spinner size="s" />}
          <span>{snap.message}</span>
        </div>
      )}
    </div>
  );
}
