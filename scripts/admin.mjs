// `npm run admin -- <command>`: the operator's command line (server/admin/cli.ts), from the
// server's bundle (build-server.mjs), bundled first when the sources changed.
import { pathToFileURL } from 'node:url';
import { ensureServerBuilt } from './build-server.mjs';

let cli;
try {
  cli = await ensureServerBuilt('admin');
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
process.setSourceMapsEnabled(true);
await import(pathToFileURL(cli).href);
