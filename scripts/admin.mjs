// `npm run admin -- <command>`: the operator's command line (server/admin/cli.ts), from the
// server's bundle (build-server.mjs), bundled first when the sources changed.
import { runServerBundle } from './build-server.mjs';

await runServerBundle('admin');
