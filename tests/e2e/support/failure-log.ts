import { beforeEach } from 'vitest';
import { runningShopLogs } from './shop';

// A failed browser test prints what its shop logged (warnings and errors): a refusal such as
// "Telegram made no invoice link" names its reason there and nowhere in the page.
beforeEach(({ onTestFailed }) => {
  onTestFailed(() => {
    for (const log of runningShopLogs()) {
      if (log) console.error(`The shop's last log lines:\n${log}`);
    }
  });
});
