import type { FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '../../lib/http';
import type { AnswerCache } from './answer-cache';

const JSON_TYPE = 'application/json; charset=utf-8';

/** A shared answer kept in the cache: the data, and the envelope serialised once for visitors. */
export interface CachedAnswer<T> {
  data: T;
  json?: string;
}

/** The cached answer for `key` in the request's language, loading and keeping it when missing. */
export async function cachedData<T>(
  cache: AnswerCache,
  request: FastifyRequest,
  key: string,
  load: () => Promise<T>,
): Promise<CachedAnswer<T>> {
  return cache.fetch(`${key}|${request.lang}`, async () => ({ data: await load() }));
}

/** Sends an envelope already serialised (Fastify sends a JSON-typed string as it is). */
export const sendJson = (reply: FastifyReply, json: string) => reply.type(JSON_TYPE).send(json);

/** A public answer, the same for every shopper: from the cache as a ready string. */
export async function sendCached<T>(
  cache: AnswerCache,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  load: () => Promise<T>,
): Promise<FastifyReply> {
  const entry = await cachedData(cache, request, key, load);
  entry.json ??= JSON.stringify(ok(request, entry.data));
  return sendJson(reply, entry.json);
}
