import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import de from '../../locales/de-DE.json';
import en from '../../locales/en-US.json';
import { version } from '../../package.json';
import type { HelpSupportAnswer, LawAnswer } from '../../common/schemas/content';
import { findRoute } from '../../src/app/routes';
import { at } from './support/page';
import { useRealServer } from './support/server';
import { startApp, storeToken } from './support/start-app';

/**
 * Help and support, the legal texts, the platform page and the password hub, in a plain browser
 * against the real server (these paths need a login).
 */
const SERVICE = 'https://t.me/shop_service_desk';
const server = useRealServer({ SERVICE_URL: SERVICE });

async function loggedIn(account: string, lang?: string) {
  const { token } = await server.api.register(account);
  if (lang) await server.api.endpoint('user.setLanguage', { token, query: { lang } });
  await storeToken(token);
}

/** Resolves once the page's request to `path` has had its answer (the XHR has ended). */
function answered(path: string): Promise<void> {
  const open = XMLHttpRequest.prototype.open;
  return new Promise((resolve) => {
    vi.spyOn(XMLHttpRequest.prototype, 'open').mockImplementation(function (
      this: XMLHttpRequest,
      ...args: Parameters<XMLHttpRequest['open']>
    ) {
      if (String(args[1]).includes(path)) this.addEventListener('loadend', () => resolve());
      return (open as (...a: unknown[]) => void).apply(this, args);
    });
  });
}

afterEach(() => {
  server.api.app.config.SERVICE_URL = SERVICE;
  vi.restoreAllMocks();
});

describe('the screens are in the route table', () => {
  it.each(['/helpAndSupport', '/law', '/platform', '/passwords'])('%s has a screen', (path) => {
    expect(findRoute(path)?.route.screen).toBeDefined();
  });
});

describe('/helpAndSupport', () => {
  it('lists every question; a question opens to its answer', async () => {
    const help = (await server.api.endpoint<HelpSupportAnswer>('content.helpSupport')).data;
    await loggedIn('help_en');
    await startApp('/helpAndSupport');
    const faq = await screen.findByTestId('faq');
    for (const entry of help.list) expect(within(faq).getByText(entry.question)).toBeTruthy();
    expect(within(faq).getByText(en.support.faq)).toBeTruthy();

    const refund = help.list.find((e) => e.id === 'refund')!;
    const summary = screen.getByTestId('faq-refund');
    // A button named by its question (reached by keyboard), which says whether it is open.
    expect(screen.getByRole('button', { name: refund.question })).toBe(summary);
    expect(summary.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(summary);
    await waitFor(() => expect(summary.getAttribute('aria-expanded')).toBe('true'));
    const region = document.getElementById(summary.getAttribute('aria-controls')!)!;
    expect(region.getAttribute('aria-hidden')).toBe('false');
    expect(region.textContent).toBe(refund.answer);
  });

  it('the customer service entry opens the configured link', async () => {
    server.api.app.config.SERVICE_URL = 'https://t.me/shop_service_desk';
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await loggedIn('help_service');
    await startApp('/helpAndSupport');
    const contact = await screen.findByTestId('contact-service');
    expect(contact.textContent).toContain(en.support.contact);
    fireEvent.click(contact);
    expect(open).toHaveBeenCalledWith('https://t.me/shop_service_desk', '_blank', 'noopener,noreferrer');
  });

  it('without a service link there is no customer service entry', async () => {
    server.api.app.config.SERVICE_URL = undefined;
    await loggedIn('help_noservice');
    const platformAnswered = answered('/api/index/index');
    await startApp('/helpAndSupport');
    await screen.findByTestId('faq');
    // The platform call has answered too (it runs beside the help call) and the screen has taken
    // it in (one turn of the event loop, inside act): still no entry.
    await platformAnswered;
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByTestId('contact-service')).toBeNull();
  });

  it("answers in the shopper's language (German)", async () => {
    const help = (await server.api.endpoint<HelpSupportAnswer>('content.helpSupport', { lang: 'de-DE' }))
      .data;
    await loggedIn('help_de', 'de-DE');
    await startApp('/helpAndSupport');
    const faq = await screen.findByTestId('faq');
    expect(within(faq).getByText(de.support.faq)).toBeTruthy();
    expect(within(faq).getByText(help.list[0].question)).toBeTruthy();
    expect(help.list[0].question).toBe('Wie bestelle ich?');
  });

  it('a visitor without a session is sent to log in (the path is not public)', async () => {
    await startApp('/helpAndSupport');
    await at('/login');
  });
});

describe('/law', () => {
  it('shows the terms and the privacy policy with every heading and the date', async () => {
    const law = (await server.api.endpoint<LawAnswer>('content.law')).data;
    await loggedIn('law_en');
    await startApp('/law');
    for (const doc of law.documents) {
      const article = await screen.findByTestId(`law-${doc.id}`);
      expect(within(article).getByRole('heading', { level: 2 }).textContent).toBe(doc.title);
      const headings = within(article)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent);
      expect(headings).toEqual(doc.sections.map((s) => s.heading));
      expect(article.textContent).toContain(doc.sections[0].paragraphs[0]);
    }
    expect(screen.getByTestId('law-updated').textContent).toMatch(/^Last updated: \w+ \d{1,2}, \d{4}$/);
  });
});

describe('/platform', () => {
  it('shows the platform name and the app version, and leads to help and the legal texts', async () => {
    await loggedIn('platform_en');
    await startApp('/platform');
    expect((await screen.findByTestId('platform-name')).textContent).toBe('International E-commerce');
    expect(screen.getByTestId('platform-version').textContent).toBe(`Version ${version}`);
    expect(await screen.findByTestId('contact-service')).toBeTruthy();
    fireEvent.click(screen.getByTestId('to-law'));
    await at('/law');
    await screen.findByTestId('law-terms');
  });
});

describe('/passwords', () => {
  it.each([
    ['to-login-password', '/changePassword'],
    ['to-pay-password', '/changePayPwd'],
    ['to-forgot-password', '/forgotPassword'],
  ])('the entry %s opens %s', async (testId, path) => {
    await loggedIn(`pw_${testId.replace(/-/g, '_')}`);
    await startApp('/passwords');
    const entry = await screen.findByTestId(testId);
    expect(entry.getAttribute('href')).toBe(path);
    fireEvent.click(entry);
    await at(path);
  });
});
