/**
 * A few slots for heavy work (a password hash, a picture decoded): at most `concurrency` run at
 * once, up to `queueLimit` more wait their turn, and one more is refused with `busy()` at once
 * instead of piling up memory and time. A slot that ends hands itself to the first one waiting.
 */
export interface Slots {
  /** `alwaysWait`: wait however long the queue (work no one can be asked to send again). */
  run<T>(work: () => Promise<T>, opts?: { alwaysWait?: boolean }): Promise<T>;
  /** Work running and waiting now (for tests and logs). */
  load(): { running: number; waiting: number };
}

export function createSlots(
  limits: () => { concurrency: number; queueLimit: number },
  busy: () => Error,
): Slots {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run(work, opts = {}) {
      const { concurrency, queueLimit } = limits();
      if (running < concurrency) running++;
      else {
        if (waiting.length >= queueLimit && !opts.alwaysWait) throw busy();
        // The slot is handed over by the work that ends, so `running` stays counted.
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      try {
        return await work();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
    load: () => ({ running, waiting: waiting.length }),
  };
}
