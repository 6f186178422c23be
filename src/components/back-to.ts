import { createContext, useContext, useEffect } from 'react';
import { useScreenActive } from './screen-active';

/**
 * Where back goes from the screen shown when that screen says so (the layout owns back, Telegram's
 * button and the navigation bar's arrow alike). The layout provides the setter.
 */
export const BackTo = createContext<(to: string | null) => void>(() => undefined);

/**
 * While this screen is shown, back goes to `to` in place of it (history replaced) instead of back in
 * history; null: back as usual.
 */
export function useBackTo(to: string | null) {
  const set = useContext(BackTo);
  const active = useScreenActive();
  useEffect(() => {
    if (!to || !active) return;
    set(to);
    return () => set(null);
  }, [set, to, active]);
}
