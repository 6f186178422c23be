/**
 * Development only: stands in for the Telegram client when the Mini App is opened in a plain
 * browser, so the app runs its Telegram code paths (init data login, cloud storage, native buttons
 * and popups). src/main.tsx imports it only when `import.meta.env.DEV && VITE_TG_MOCK`, so it never
 * reaches a production bundle.
 *
 * Run it:
 *
 *   VITE_TG_MOCK=1 VITE_MOCK_BOT_TOKEN=<token> npm run dev
 *
 * with the API server started with the same token (`BOT_TOKEN=<token> npm run server`): the init
 * data below is signed with VITE_MOCK_BOT_TOKEN and the server checks that signature with
 * BOT_TOKEN. Use a test bot's token, never the production bot's: every VITE_ variable ends up in
 * the development bundle. Without the token the app still starts, but Telegram login is refused.
 *
 * Telegram's header with its back button and the main button are drawn as plain page elements
 * (top and bottom), popups use the browser's confirm dialog, and cloud storage is kept in
 * localStorage.
 */
import { sign } from '@telegram-apps/init-data-node/web';
import { emitEvent, isTMA, mockTelegramEnv } from '@telegram-apps/sdk-react';

const DEMO_USER = {
  id: 100000001,
  first_name: 'Dev',
  last_name: 'Shopper',
  username: 'dev_shopper',
  language_code: (navigator.language || 'en').split('-')[0],
  allows_write_to_pm: true,
};

/** Telegram theme parameters: snake_case keys, #RRGGBB colours. */
type Theme = Record<string, `#${string}`>;

const LIGHT: Theme = {
  accent_text_color: '#2481cc',
  bg_color: '#ffffff',
  bottom_bar_bg_color: '#f0f0f0',
  button_color: '#2481cc',
  button_text_color: '#ffffff',
  destructive_text_color: '#e53935',
  header_bg_color: '#ffffff',
  hint_color: '#8e8e93',
  link_color: '#2481cc',
  secondary_bg_color: '#efeff4',
  section_bg_color: '#ffffff',
  section_header_text_color: '#6d6d72',
  section_separator_color: '#e0e0e0',
  subtitle_text_color: '#8e8e93',
  text_color: '#000000',
};

const DARK: Theme = {
  accent_text_color: '#6ab2f2',
  bg_color: '#17212b',
  bottom_bar_bg_color: '#0e1621',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
  destructive_text_color: '#ec3942',
  header_bg_color: '#17212b',
  hint_color: '#708499',
  link_color: '#6ab3f3',
  secondary_bg_color: '#232e3c',
  section_bg_color: '#17212b',
  section_header_text_color: '#6ab3f3',
  section_separator_color: '#111921',
  subtitle_text_color: '#708499',
  text_color: '#f5f5f5',
};

const STORAGE_PREFIX = 'tg-mock-cloud/';

/** CloudStorage, answered from localStorage like the client answers from Telegram's servers. */
function cloudStorageCall(method: string, params: Record<string, unknown>): unknown {
  const keys = Array.isArray(params.keys) ? (params.keys as string[]) : [];
  switch (method) {
    case 'saveStorageValue':
      localStorage.setItem(STORAGE_PREFIX + String(params.key), String(params.value));
      return true;
    case 'getStorageValues':
      return Object.fromEntries(keys.map((k) => [k, localStorage.getItem(STORAGE_PREFIX + k) ?? '']));
    case 'deleteStorageValues':
      keys.forEach((k) => localStorage.removeItem(STORAGE_PREFIX + k));
      return true;
    case 'getStorageKeys':
      return Object.keys(localStorage)
        .filter((k) => k.startsWith(STORAGE_PREFIX))
        .map((k) => k.slice(STORAGE_PREFIX.length));
    default:
      return undefined;
  }
}

/** Height of the stand-in for Telegram's header (answered as the content safe area). */
const HEADER_PX = 48;

/** Telegram's header above the page: the back button lives there, outside the app's layout. */
function fakeHeader(theme: Theme): HTMLElement {
  const header = document.createElement('div');
  header.id = 'tg-mock-header';
  header.style.cssText = `position:fixed;z-index:2000;top:0;left:0;right:0;height:${HEADER_PX}px;display:flex;align-items:center;gap:8px;padding:0 8px;box-sizing:border-box;background:${theme.header_bg_color};color:${theme.hint_color};font:13px system-ui,sans-serif;border-bottom:1px solid ${theme.section_separator_color};`;
  header.textContent = 'Telegram (development mock)';
  document.body.append(header);
  return header;
}

/** A plain page button standing in for one of Telegram's native buttons. */
function fakeButton(kind: 'main' | 'back', theme: Theme): HTMLButtonElement {
  const id = `tg-mock-${kind}-button`;
  const existing = document.getElementById(id);
  if (existing) return existing as HTMLButtonElement;
  const button = document.createElement('button');
  button.id = id;
  button.type = 'button';
  button.hidden = true;
  const common = `border:0;cursor:pointer;font:600 16px system-ui,sans-serif;background:${theme.button_color};color:${theme.button_text_color};`;
  if (kind === 'main') {
    button.style.cssText = `${common}position:fixed;z-index:2000;left:0;right:0;bottom:0;height:52px;`;
    document.body.append(button);
  } else {
    button.style.cssText = `${common}width:32px;height:32px;border-radius:16px;font-size:20px;line-height:1;`;
    button.textContent = '‹';
    button.setAttribute('aria-label', 'Back (Telegram)');
    (document.getElementById('tg-mock-header') ?? fakeHeader(theme)).prepend(button);
  }
  button.addEventListener('click', () =>
    emitEvent(kind === 'main' ? 'main_button_pressed' : 'back_button_pressed'),
  );
  return button;
}

export async function mockTelegram(): Promise<void> {
  if (await isTMA('complete', { timeout: 200 }).catch(() => false)) return;

  const token: string = import.meta.env.VITE_MOCK_BOT_TOKEN ?? '';
  if (!token)
    console.warn('[tg-mock] VITE_MOCK_BOT_TOKEN is not set: the server will refuse Telegram login.');
  const theme = window.matchMedia?.('(prefers-color-scheme: dark)').matches ? DARK : LIGHT;
  const initData = await sign(
    { user: DEMO_USER, chat_type: 'sender', chat_instance: '8428209589180549439', signature: 'dev-mock' },
    token || '0:mock',
    new Date(),
  );

  fakeHeader(theme);
  mockTelegramEnv({
    launchParams: new URLSearchParams([
      ['tgWebAppData', initData],
      ['tgWebAppVersion', '8.0'],
      ['tgWebAppPlatform', 'tdesktop'],
      ['tgWebAppThemeParams', JSON.stringify(theme)],
    ]),
    onEvent([method, params]) {
      const p = (params ?? {}) as Record<string, unknown>;
      switch (method) {
        case 'web_app_request_theme':
          return emitEvent('theme_changed', { theme_params: theme });
        case 'web_app_request_viewport':
          return emitEvent('viewport_changed', {
            height: window.innerHeight,
            width: window.innerWidth,
            is_expanded: true,
            is_state_stable: true,
          });
        case 'web_app_request_safe_area':
          return emitEvent('safe_area_changed', { top: 0, bottom: 0, left: 0, right: 0 });
        case 'web_app_request_content_safe_area':
          return emitEvent('content_safe_area_changed', { top: HEADER_PX, bottom: 0, left: 0, right: 0 });
        case 'web_app_invoke_custom_method':
          return emitEvent('custom_method_invoked', {
            req_id: String(p.req_id),
            result: cloudStorageCall(String(p.method), (p.params ?? {}) as Record<string, unknown>),
          });
        case 'web_app_open_popup': {
          const buttons = (p.buttons ?? []) as { id: string; type?: string }[];
          const cancel = buttons.find((b) => b.type === 'cancel' || b.type === 'close');
          const action = buttons.find((b) => b !== cancel);
          // Let the app finish the call that opened the popup before the dialog blocks the page.
          setTimeout(() => {
            const ok = window.confirm(String(p.message ?? ''));
            emitEvent('popup_closed', { button_id: ok ? action?.id : cancel?.id });
          });
          return;
        }
        case 'web_app_setup_back_button':
          fakeButton('back', theme).hidden = !p.is_visible;
          return;
        case 'web_app_setup_main_button': {
          const button = fakeButton('main', theme);
          button.hidden = !p.is_visible;
          button.disabled = p.is_active === false || p.is_progress_visible === true;
          button.style.opacity = button.disabled ? '0.6' : '1';
          button.textContent = p.is_progress_visible ? '…' : String(p.text ?? '');
          document.body.style.paddingBottom = button.hidden ? '' : '52px';
          return;
        }
        default:
          // Everything else (haptics, swipe and closing behaviour, ready...) needs no answer.
          return;
      }
    },
  });
}
