import type { BrowserContext, Page } from 'playwright-core';

/**
 * What a page showed and did, for the message of a browser test that timed out waiting: a wait
 * that fails says "Timeout 10000ms exceeded", and a run on a loaded machine is gone before anyone
 * can look. With this the failure says where the app was, what it told the shopper and what it
 * last asked of Telegram.
 */

interface PageStateWindow {
  __toasts?: string[];
  __tgCalls?: { method: string; params?: Record<string, unknown> }[];
}

const pageErrors = new WeakMap<Page, string[]>();

/** Every toast the app shows is remembered by the page (a toast is gone after a second or two). */
export async function recordToasts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as PageStateWindow;
    w.__toasts = [];
    new MutationObserver((changes) => {
      for (const change of changes)
        for (const node of change.addedNodes)
          if (node instanceof HTMLElement && node.classList.contains('toast'))
            w.__toasts?.push(node.textContent ?? '');
    }).observe(document, { subtree: true, childList: true });
  });
}

/** Collects what the page logs as errors, so a failing test can say why. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  pageErrors.set(page, errors);
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  return errors;
}

const short = (value: unknown) => {
  const text = JSON.stringify(value) ?? '';
  return text.length > 160 ? `${text.slice(0, 160)}…` : text;
};

/** The page's address, fields, toasts, last Telegram calls and errors, as lines of text. */
export async function describePage(page: Page): Promise<string> {
  const state = await page
    .evaluate(() => {
      const w = window as unknown as PageStateWindow;
      return {
        path: location.pathname + location.search,
        fields: [...document.querySelectorAll('input, textarea, select')].map((el) => {
          const field = el as HTMLInputElement;
          return `${field.name || field.id || field.type}=${JSON.stringify(field.value)}`;
        }),
        toasts: w.__toasts ?? [],
        calls: (w.__tgCalls ?? []).slice(-12),
      };
    })
    .catch((err: unknown) => ({ unreadable: String(err) }));
  if ('unreadable' in state) return `the page could not be read: ${state.unreadable}`;
  return [
    `at ${state.path}`,
    `fields: ${state.fields.join(', ') || 'none'}`,
    `toasts shown: ${state.toasts.map((t) => JSON.stringify(t)).join(', ') || 'none'}`,
    'last Telegram calls:',
    ...state.calls.map((c) => `  ${c.method} ${c.params ? short(c.params) : ''}`),
    `page errors: ${(pageErrors.get(page) ?? []).join(' | ') || 'none'}`,
  ].join('\n');
}
