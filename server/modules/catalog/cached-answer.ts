import type { FastifyRequest } from 'fastify';
import type { Lang } from '@common/languages';
import type { ReplayCheck } from '../../lib/answer-replay';
import { ok } from '../../lib/http';
import { SerializedAnswer } from '../../lib/serve';
import type { AnswerCache } from './answer-cache';

/**
 * A shared answer kept in the cache: the data, and the envelope serialised (and compressed, per
 * encoding) once for visitors.
 */
export interface CachedAnswer<T> {
  data: T;
  serialized?: SerializedAnswer<T>;
}

/** The cache's key of the answer `key` in language `lang`. */
const entryKey = (key: string, lang: Lang) => `${key}|${lang}`;

/** The cached answer for `key` in language `lang`, loading and keeping it when missing. */
export async function cachedIn<T>(
  cache: AnswerCache,
  lang: Lang,
  key: string,
  load: () => Promise<T>,
): Promise<CachedAnswer<T>> {
  return cache.fetch(entryKey(key, lang), async () => ({ data: await load() }));
}

/**
 * A public answer, the same for every shopper: from the cache as a ready string, which serve()
 * sends as it is (no serialiser on a hit), and which the same request again is answered with ahead
 * of the app while it is fresh (server/lib/answer-replay.ts). `replayable: false` for a request
 * whose route does something besides answering (a signed-in shopper's search keeps its keyword).
 */
export async function cachedAnswer<T>(
  cache: AnswerCache,
  request: FastifyRequest,
  key: string,
  load: () => Promise<T>,
  { replayable = true } = {},
): Promise<SerializedAnswer<T>> {
  const entry = await cachedIn(cache, request.lang, key, load);
  // A request with a token is kept only where its session was live: a route that answers a shopper
  // otherwise (a shop page with its follow flag) did not come here for a live one.
  if (replayable && (!request.token || request.user)) replayedWhileCached(cache, request, key);
  return (entry.serialized ??= new SerializedAnswer<T>(JSON.stringify(ok(request, entry.data))));
}

/**
 * Marks the answer `request` gets, made from the cache's answer `key`, to be replayed ahead of the
 * app while that answer is fresh (server/lib/answer-replay.ts): it must be the same for everyone
 * who sends this request, and answering it must do nothing but what `onReplay` does.
 */
export function replayedWhileCached(
  cache: AnswerCache,
  request: FastifyRequest,
  key: string,
  onReplay?: ReplayCheck,
): void {
  const cacheKey = entryKey(key, request.lang);
  const until = cache.freshUntil(cacheKey);
  if (until) request.server.answerReplays.mark(request, until, cacheKey, onReplay);
}
