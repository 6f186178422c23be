import { EARLY_GLOBAL, type EarlyAnswers } from '../../common/boot';
import { toLang } from '../../common/languages';

/**
 * The answers a private screen's page asked for itself before the app had started (inside Telegram,
 * on a first visit: server/web/early-answers.ts). A call the app makes with the same address, in
 * the same language and the same way (with the launch's init data, no session yet) takes the
 * answer instead of asking again, once, within a start-up's time; a failed one is asked again.
 */
const FRESH_MS = 15_000;

export function takeEarly(url: string, lang: string, token: string): Promise<unknown> | undefined {
  const early = (window as unknown as Record<string, EarlyAnswers | undefined>)[EARLY_GLOBAL];
  const answer = early?.answers[url];
  if (!early || !answer) return undefined;
  delete early.answers[url];
  if (toLang(early.lang) !== lang || Date.now() - early.at > FRESH_MS) return undefined;
  if (token !== (early.token ?? '')) return undefined;
  return answer;
}
