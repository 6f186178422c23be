import type { z } from 'zod';

/**
 * The typed contract between the Mini App and the API server, in two halves that share names:
 * - common/api/routes.ts: each endpoint's method, path and access (tiny, no zod: the Mini App's
 *   first screen loads it);
 * - common/api/schemas.ts: each endpoint's request and answer schemas (zod; the server validates
 *   and serialises with them, the Mini App uses only their types).
 * The server registers its routes from both (server/lib/serve.ts) and the Mini App calls them by
 * name (src/api/call.ts), so a field or path renamed on one side fails to compile on the other.
 *
 * Conventions (held by tests/server/contract.test.ts): request parameters keep their snake_case
 * names (`product_id`, `mer_id`); answer fields are camelCase.
 */
export type Method = 'GET' | 'POST';

/**
 * Who may call: `user` needs a live session (401, checked before the request is read);
 * `optional` answers visitors too, with more for a shopper; `public` sends no token at all.
 */
export type Access = 'user' | 'optional' | 'public';

export interface ApiRoute {
  method: Method;
  path: `/api/${string}`;
  access: Access;
  /** The body is a multipart upload, not JSON. */
  multipart?: true;
  /**
   * The call creates an order or moves money: it takes an `Idempotency-Key` header, the same key
   * with the same request answers the first result again, and with another request HTTP 422.
   */
  idempotent?: true;
}

export interface EndpointSchemas {
  /** Query (GET) or body (POST). */
  request: z.ZodType;
  /** The envelope's `data`. */
  answer: z.ZodType;
  /** A POST's query parameters, where it has some (logout's `?lang=`). */
  query?: z.ZodType;
}

/**
 * A parameter the server reads through a preprocess (ids, amounts, pages, search texts) takes
 * `unknown` as input and may be left out; the caller is held to what it becomes (its output type).
 */
type Sent<I, O> = I extends object
  ? {
      [K in keyof I as unknown extends I[K] ? K : never]?: K extends keyof O ? O[K] : I[K];
    } & { [K in keyof I as unknown extends I[K] ? never : K]: I[K] }
  : I;

/** What a caller sends (before the server's defaults and coercions). */
export type RequestOf<S extends EndpointSchemas> = Sent<z.input<S['request']>, z.output<S['request']>>;
/** What the server's handler receives (after validation). */
export type ParsedRequestOf<S extends EndpointSchemas> = z.output<S['request']>;
/** What a call answers: the envelope's data. */
export type AnswerOf<S extends EndpointSchemas> = z.output<S['answer']>;
