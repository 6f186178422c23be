// `npm start`: makes sure dist/ holds a build of the current sources (building it once when it
// does not; see build.mjs) and dist-server/ a bundle of the server's (build-server.mjs), then runs
// the server (which serves the app, the API and the bot) in this same process.
import { ensureBuilt } from './build.mjs';
import { runServerBundle } from './build-server.mjs';

try {
  await ensureBuilt();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
await runServerBundle('main');
