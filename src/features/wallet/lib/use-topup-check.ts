import { useState } from 'react';
import type { checkTopUp } from './topup-form';

type Check = typeof checkTopUp;

/**
 * The top-up forms' check, loaded with the first submit, not with the screen: it reads the server's
 * own schema (zod, the largest piece of a form), and problems show only once the shopper has tried
 * to submit. `check` is there from then on, for the problems to follow every change.
 */
export function useTopUpCheck(): { check: Check | undefined; load: () => Promise<Check> } {
  const [check, setCheck] = useState<Check>();
  const load = async () => {
    const loaded = check ?? (await import('./topup-form')).checkTopUp;
    setCheck(() => loaded);
    return loaded;
  };
  return { check, load };
}
