import type { Lang } from '../common/languages';
import type { Config } from './config';
import type { Database } from './db/client';
import type { AnswerReplays } from './lib/answer-replay';
import type { UserRow } from './modules/user';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** Public answers replayed ahead of the app (lib/answer-replay.ts). */
    answerReplays: AnswerReplays;
  }
  interface FastifyRequest {
    lang: Lang;
    user: UserRow | null;
    /** The raw token of the request's session, when it has one. */
    token: string;
  }
}
