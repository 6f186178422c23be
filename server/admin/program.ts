import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { ConfigError, loadConfig, type Config } from '../config';
import { openDatabase } from '../db/client';
import { DataDirLockedError } from '../db/lock';
import type { Command, Words } from './command';
import { COMMANDS, findCommand } from './commands';
import { commandHelp, GLOBAL_OPTIONS, toolHelp } from './help';
import { adminSocketPath, EXIT, exitCodeOf, badWho, type AdminAnswer, type AdminRequest } from './protocol';
import { configureWalletKey } from '../lib/wallet-key';
import { configurePayPins } from '../lib/pay-pins';
import { runRequest } from './run';
import { askServer } from './socket-client';

export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
}

const stdio: Io = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
};

class UsageError extends Error {}

function osUser(): string {
  try {
    return os.userInfo().username || 'operator';
  } catch {
    return 'operator';
  }
}

interface Parsed {
  command: Command;
  words: Words;
  json: boolean;
  operator: string;
  requestId: string;
}

/** The words typed -> a command and its named words; help answers a string to print. */
function parse(argv: string[]): Parsed | { help: string } {
  // First pass, for the command's name: its options are known only once the command is.
  const loose = parseArgs({ args: argv, options: GLOBAL_OPTIONS, strict: false, allowPositionals: true });
  const name = loose.positionals[0];
  if (name === undefined) {
    if (loose.values.help) return { help: toolHelp() };
    throw new UsageError('which command?');
  }
  const command = findCommand(name);
  if (!command)
    throw new UsageError(
      `unknown command "${name}"; the commands are: ${COMMANDS.map((c) => c.name).join(', ')}`,
    );
  if (loose.values.help) return { help: commandHelp(command) };
  let strict;
  try {
    strict = parseArgs({
      args: argv,
      options: { ...command.options, ...GLOBAL_OPTIONS },
      strict: true,
      allowPositionals: true,
    });
  } catch (err) {
    const negative = argv.find((a) => /^-\d/.test(a));
    if (negative) throw new UsageError(`amounts are positive, not "${negative}" (debit takes money)`);
    throw new UsageError((err as Error).message.split('\n')[0]);
  }
  const given = strict.positionals.slice(1);
  const missing = command.args.filter((a, i) => !a.optional && given[i] === undefined);
  if (missing.length) throw new UsageError(`missing ${missing.map((a) => `<${a.label}>`).join(' and ')}`);
  if (given.length > command.args.length)
    throw new UsageError(
      `too many arguments: ${given
        .slice(command.args.length)
        .map((g) => `"${g}"`)
        .join(' ')} (quote a text with spaces)`,
    );
  const words: Words = {};
  command.args.forEach((a, i) => (words[a.name] = given[i]));
  const values = strict.values as Record<string, string | boolean | undefined>;
  // --request-id travels beside the words (every action's log carries it), not among them.
  for (const key of Object.keys(command.options)) if (key !== 'request-id') words[key] = values[key];
  const operator = typeof values.operator === 'string' ? values.operator : osUser();
  const requestId = typeof values['request-id'] === 'string' ? values['request-id'] : randomUUID();
  const bad = badWho(operator, requestId);
  if (bad) throw new UsageError(bad);
  return { command, words, json: values.json === true, operator, requestId };
}

/** Runs the request with the database opened here: no server answers on the socket. */
async function runHere(config: Config, request: AdminRequest, socket: string): Promise<AdminAnswer> {
  const failed = (message: string): AdminAnswer => ({ ok: false, kind: 'failed', code: 'noShop', message });
  const dataDir = path.join(config.DATA_DIR, 'db');
  if (!config.DATABASE_URL && !existsSync(path.join(dataDir, 'PG_VERSION')))
    return failed(
      `there is no shop database in ${path.resolve(dataDir)}: start the shop once (npm start), or run this ` +
        'with the DATA_DIR or DATABASE_URL of `npm start`',
    );
  let database;
  try {
    database = await openDatabase({ url: config.DATABASE_URL, dataDir });
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    // The server holds the database but its socket did not answer yet: it may be starting.
    for (let i = 0; i < 20; i++) {
      await new Promise((r) => setTimeout(r, 500));
      const answer = await askServer(socket, request);
      if (answer) return answer;
    }
    return failed(`${err.message} Its operator socket ${socket} does not answer.`);
  }
  const log = pino({ level: config.LOG_LEVEL }, pino.destination({ dest: 2, sync: true }));
  // The same key as the server's: evidence links it signs work there, card numbers it reads open.
  configureWalletKey(config.WALLET_KEY);
  configurePayPins(config.WALLET_KEY);
  try {
    return await runRequest(database.db, request, log, 'in-process');
  } finally {
    await database.close();
  }
}

/** `npm run admin -- <command> ...`: answers the exit code. */
export async function runCli(
  argv: string[],
  env?: Record<string, string | undefined>,
  io: Io = stdio,
): Promise<number> {
  let parsed;
  try {
    parsed = parse(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    const name = argv.find((a) => findCommand(a));
    io.err(`error: ${err.message}\nHelp: npm run admin -- ${name ? `${name} ` : ''}--help`);
    return EXIT.usage;
  }
  if ('help' in parsed) {
    io.out(parsed.help);
    return EXIT.ok;
  }
  const { command, words, json, operator, requestId } = parsed;
  const checked = command.check(words);
  let answer: AdminAnswer;
  if (!checked.ok) answer = { ok: false, kind: 'usage', code: 'usage', message: checked.message };
  else {
    let config;
    try {
      config = loadConfig(env);
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      io.err(err.message);
      return EXIT.failed;
    }
    const request: AdminRequest = {
      command: command.name,
      words,
      operator,
      requestId,
      database: config.DATABASE_URL ? 'postgres' : 'pglite',
    };
    const socket = adminSocketPath(config.DATA_DIR);
    try {
      answer = (await askServer(socket, request)) ?? (await runHere(config, request, socket));
    } catch (err) {
      answer = { ok: false, kind: 'failed', code: 'unreachable', message: (err as Error).message };
    }
  }
  if (answer.ok) io.out(json ? JSON.stringify(answer.view, null, 2) : command.print(answer.view));
  else if (json) io.err(JSON.stringify({ error: answer.code, kind: answer.kind, message: answer.message }));
  else
    io.err(
      `error: ${answer.message}${answer.kind === 'usage' ? `\nHelp: npm run admin -- ${command.name} --help` : ''}`,
    );
  return exitCodeOf(answer);
}
