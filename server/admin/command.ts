import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Db } from '../db/client';

/**
 * One operator command of `npm run admin`: its arguments and help, the check that turns the words
 * typed into the service's parameters, the service call, and how its answer reads. A command is one
 * file in commands/ plus a line in commands/index.ts.
 *
 * The words typed travel as they are (`Words`) to whoever runs the command, the CLI itself or the
 * server over its socket, and are checked there again by the same `input` schema, so both paths run
 * exactly the same code from the same words.
 */
export type Words = Record<string, string | boolean | undefined>;

export interface Argument {
  name: string;
  /** Shown in the usage line: `<order id>`. */
  label: string;
  optional?: boolean;
}

export interface Option {
  type: 'string' | 'boolean';
  /** Shown after the option in help: `--status <code>`. */
  value?: string;
  help: string;
}

export interface CommandContext {
  /** Who acts: the OS user of the command line, or --operator. */
  operator: string;
  /** This invocation's id: retries with the same --request-id act once. */
  requestId: string;
  log: Logger;
}

export interface CommandSpec<Params, View> {
  name: string;
  /** One line for the tool's list of commands. */
  summary: string;
  args: Argument[];
  options?: Record<string, Option>;
  /** Paragraphs of the command's own help. */
  details?: string;
  examples: string[];
  /** From the words typed to the service's parameters; its messages are usage errors. */
  input: z.ZodType<Params>;
  /** Calls the service; answers what is printed (JSON: amounts as decimal strings). */
  run(db: Db, params: Params, ctx: CommandContext): Promise<View>;
  /** The answer for a human. */
  print(view: View): string;
}

/** A command with its types erased, for the list of commands. */
export interface Command {
  name: string;
  summary: string;
  args: Argument[];
  options: Record<string, Option>;
  details?: string;
  examples: string[];
  /** Checks the words; answers the parameters or a usage message. */
  check(words: Words): { ok: true; params: unknown } | { ok: false; message: string };
  run(db: Db, params: unknown, ctx: CommandContext): Promise<unknown>;
  print(view: unknown): string;
}

export function defineCommand<Params, View>(spec: CommandSpec<Params, View>): Command {
  return {
    ...spec,
    options: spec.options ?? {},
    check(words) {
      const parsed = spec.input.safeParse(words);
      if (parsed.success) return { ok: true, params: parsed.data };
      const issue = parsed.error.issues[0];
      const name = issue.path.length ? String(issue.path[0]) : undefined;
      const arg = spec.args.find((a) => a.name === name);
      const field = arg ? `<${arg.label}>` : name ? `--${name}` : '';
      return { ok: false, message: field ? `${field}: ${issue.message}` : issue.message };
    },
    run: (db, params, ctx) => spec.run(db, params as Params, ctx),
    print: (view) => spec.print(view as View),
  };
}
