import type { Lang } from '../common/languages';
import type { Config } from './config';
import type { Database } from './db/client';
import type { UserRow } from './modules/user';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
  }
  interface FastifyRequest {
    lang: Lang;
    user: UserRow | null;
    /** The raw token of the request's session, when it has one. */
    token: string;
  }
}
