// `npm start`: makes sure dist/ holds a build of the current sources (building it once when it
// does not; see build.mjs) and dist-server/ a bundle of the server's (build-server.mjs), then runs
// the server (which serves the app, the API and the bot) in this same process.
import { pathToFileURL } from 'node:url';
import { ensureBuilt } from './build.mjs';
import { ensureServerBuilt } from './build-server.mjs';

let main;
try {
  await ensureBuilt();
  main = await ensureServerBuilt('main');
} catch (err) {
  console.error(err.message);
  process.exit(1);
}

// Errors in the log point at the TypeScript sources, not at lines of the bundle.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(main).href);
