import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CODE_OK } from '../../common/envelope';
import type { AnswerOf, ApiRoute, ParsedRequestOf } from '../../common/api/contract';
import { apiRoutes, type EndpointName } from '../../common/api/routes';
import { apiSchemas, type ApiSchemas } from '../../common/api/schemas';
import { CompressedCopies, sendsCopies } from './compression';
import { translate } from './i18n';
import { idempotencyKeyOf } from './idempotency';

/** An answer with a message other than the default "success" (e.g. "Saved"). */
export class Answer<T> {
  constructor(
    readonly data: T,
    readonly msgKey: string,
  ) {}
}

/**
 * An envelope already serialised (the catalogue's answer cache keeps its public answers as JSON
 * text): sent as it is with a JSON content type, skipping the serialiser, compressed from `copies`
 * (kept with the text, so a cached answer is compressed once per encoding). The caller vouches that
 * the text is the envelope of an answer that fits the endpoint's schema (it was serialised from
 * one). `T` only ties it to the endpoint's answer type.
 */
export class SerializedAnswer<T = unknown> {
  declare readonly answer?: T;
  readonly copies: CompressedCopies;
  constructor(readonly json: string) {
    this.copies = new CompressedCopies(json);
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

export type Handler<N extends EndpointName> = (
  input: ParsedRequestOf<ApiSchemas[N]>,
  request: FastifyRequest,
) => Promise<
  AnswerOf<ApiSchemas[N]> | Answer<AnswerOf<ApiSchemas[N]>> | SerializedAnswer<AnswerOf<ApiSchemas[N]>>
>;

/**
 * The envelope as the serialiser writes it. A failure answers the same status with data null and
 * an error key, so `data` is nullable here.
 */
const envelopeOf = (answer: z.ZodType) =>
  z.object({
    code: z.number().int(),
    msg: z.string(),
    data: answer.nullable(),
    error: z.string().optional(),
  });

/** An answer that is only the envelope, its `error` naming why (`data` null). */
const refusal = (description: string) => envelopeOf(z.null()).describe(description);

/**
 * Every status a route answers, for the OpenAPI document: 200 (business failures too, with code 0
 * or 401 in the envelope), 413 for a body past the limit, 422 for an Idempotency-Key sent again with
 * another request, 429 for too many attempts or a busy server, 500 for a failure of ours.
 */
function responsesOf(route: ApiRoute, answer: z.ZodType) {
  return {
    200: envelopeOf(answer),
    ...(route.method === 'POST' ? { 413: refusal('The request body is too large.') } : {}),
    ...(route.idempotent
      ? { 422: refusal('The Idempotency-Key was used before with another request; nothing was done.') }
      : {}),
    429: refusal('Too many attempts, or the server is busy: try again later.'),
    500: refusal('The server failed; nothing the client sent is to blame.'),
  };
}

/**
 * Registers endpoint `name` of the contract (common/api) with its handler. The route validates its
 * request and serialises its answer from the contract's schemas, lists both in the OpenAPI
 * document (an endpoint that needs a shopper declares the token, so app.ts checks the session
 * before the request is read), and wraps the handler's result in the envelope.
 */
export function serve<N extends EndpointName>(app: FastifyInstance, name: N, handler: Handler<N>): void {
  const route: ApiRoute = apiRoutes[name];
  const schemas = apiSchemas[name];
  const area = name.split('.')[0];
  const input = route.method === 'GET' ? 'querystring' : 'body';
  // Every route at the contract's own path: a plugin registered with a prefix would move it.
  if (app.prefix) throw new Error(`${name} is registered under the prefix ${app.prefix}`);
  app.route({
    method: route.method,
    url: route.path,
    // An endpoint the contract marks idempotent refuses a call without a valid Idempotency-Key
    // before its request is read: nothing happens, whatever the body.
    ...(route.idempotent
      ? {
          preValidation: async (request: FastifyRequest) => {
            idempotencyKeyOf(request);
          },
        }
      : {}),
    schema: {
      tags: [area],
      operationId: name,
      ...(route.access === 'user' ? { security: [{ token: [] }] } : {}),
      ...('multipart' in route ? {} : { [input]: schemas.request }),
      ...('query' in schemas ? { querystring: schemas.query } : {}),
      response: responsesOf(route, schemas.answer),
    },
    handler: async (request, reply) => {
      const params = (route.method === 'GET' ? request.query : request.body) as ParsedRequestOf<
        ApiSchemas[N]
      >;
      const result = await handler(params, request);
      // A JSON-typed string is sent as it is (Fastify skips the serialiser for strings).
      if (result instanceof SerializedAnswer) {
        sendsCopies(reply, result.copies);
        return reply.type(JSON_TYPE).send(result.json);
      }
      const [data, msgKey] =
        result instanceof Answer ? [result.data, result.msgKey] : [result, 'common.success'];
      return { code: CODE_OK, msg: translate(request.lang, msgKey), data };
    },
  });
}
