import { runCli } from './program';

/** `npm run admin -- <command>`: the operator's command line (program.ts; help: --help). */
runCli(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error('admin failed:', err);
    process.exitCode = 1;
  },
);
