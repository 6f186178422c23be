import type { Command, Option } from './command';
import { COMMANDS } from './commands';

/** Options every command takes. */
export const GLOBAL_OPTIONS: Record<string, Option & { short?: string }> = {
  json: { type: 'boolean', help: 'print the answer as JSON (scripts: npm run --silent admin -- ...)' },
  operator: {
    type: 'string',
    value: 'name',
    help: 'who acts, for the log and the records (default: your OS user)',
  },
  help: { type: 'boolean', short: 'h', help: 'this help' },
};

const WIDTH = 100;

function wrap(text: string, indent = ''): string {
  return text
    .split('\n')
    .map((paragraph) => {
      const lines: string[] = [];
      let line = '';
      for (const word of paragraph.split(' ')) {
        if (line && (indent + line + ' ' + word).length > WIDTH) {
          lines.push(indent + line);
          line = word;
        } else line = line ? `${line} ${word}` : word;
      }
      lines.push(indent + line);
      return lines.join('\n');
    })
    .join('\n');
}

const optionLabel = (name: string, o: Option & { short?: string }) =>
  `${o.short ? `-${o.short}, ` : ''}--${name}${o.value ? ` <${o.value}>` : ''}`;

function optionLines(options: Record<string, Option & { short?: string }>): string[] {
  const entries = Object.entries(options);
  const width = Math.max(...entries.map(([n, o]) => optionLabel(n, o).length)) + 2;
  return entries.map(([n, o]) => `  ${optionLabel(n, o).padEnd(width)}${o.help}`);
}

export const usageLine = (c: Command): string =>
  [
    `npm run admin -- ${c.name}`,
    ...c.args.map((a) => (a.optional ? `[<${a.label}>]` : `<${a.label}>`)),
    '[options]',
  ].join(' ');

export function toolHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length)) + 2;
  return [
    'Usage: npm run admin -- <command> [arguments] [options]',
    '',
    wrap(
      "The shop operator's actions. The command line finds the shop through the same environment as " +
        '`npm start` (DATA_DIR, DATABASE_URL): it asks the running server through <DATA_DIR>/admin.sock, ' +
        'or opens the database itself when no server runs. Amounts are dollars ("12.50").',
    ),
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}${c.summary}`),
    '',
    'Options of every command:',
    ...optionLines(GLOBAL_OPTIONS),
    '',
    'Exit codes: 0 done, 1 the action failed or was refused, 2 bad usage.',
    'Help of one command: npm run admin -- <command> --help',
  ].join('\n');
}

export function commandHelp(c: Command): string {
  return [
    `Usage: ${usageLine(c)}`,
    '',
    wrap(c.summary + '.'),
    ...(c.details ? ['', wrap(c.details)] : []),
    '',
    'Options:',
    ...optionLines({ ...c.options, ...GLOBAL_OPTIONS }),
    '',
    'Examples:',
    ...c.examples.map((e) => `  ${e}`),
  ].join('\n');
}
