import { z } from 'zod';
import { AUDIT_STATUS, type AuditStatus } from '@common/wallet';
import { defineCommand, type CommandSpec, type Option } from '../command';
import { countWord, textWord } from '../words';

/**
 * Words shared by the operator's list and decision commands (top-ups, withdrawals, refunds, orders):
 * audit statuses, a list's options, its table and its page line, and the reason of a refusal.
 */
export const AUDIT_HELP = '0 auditing, 1 passed, 2 refused';

/** An audit status as typed: its code ("0") or its name ("auditing"). */
export const auditStatusWord = z.string().transform((text, ctx): AuditStatus => {
  const word = text.trim().toLowerCase();
  const status =
    (AUDIT_STATUS as Record<string, AuditStatus>)[word] ??
    (['0', '1', '2'].includes(word) ? (Number(word) as AuditStatus) : undefined);
  if (status === undefined) {
    ctx.addIssue({ code: 'custom', message: `"${text}" is not an audit status (${AUDIT_HELP})` });
    return z.NEVER;
  }
  return status;
});

/** The status filter of the top-up and withdrawal lists: an audit status by its code or name. */
export const auditStatusFilter = {
  status: { type: 'string', value: 'code', help: `only this status: ${AUDIT_HELP}` } satisfies Option,
  statusWord: auditStatusWord,
};

/** A table: columns padded, the `right` ones aligned right. */
export function table(rows: string[][], right: Set<number>): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows
    .map((r) =>
      r
        .map((cell, i) => (right.has(i) ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

export const when = (iso: string) => iso.slice(0, 16).replace('T', ' ');

export const pageLine = (v: { page: number; limit: number; total: number }, noun: string) => {
  const pages = Math.max(1, Math.ceil(v.total / v.limit));
  return `Page ${v.page} of ${pages} (${v.total} ${noun}${v.total === 1 ? '' : 's'}).`;
};

/**
 * The options of a list command: `status` (the command's own word and help), then a shopper, a page
 * and its length; `noun` names one of what is listed.
 */
export const listOptions = (status: Option, noun: string): Record<string, Option> => ({
  status,
  user: { type: 'string', value: 'account|telegram id', help: `only this shopper's ${noun}s` },
  page: { type: 'string', value: 'n', help: 'page, from 1 (default 1)' },
  limit: { type: 'string', value: 'n', help: `${noun}s per page, 1 to 100 (default 20)` },
});

/** The words of a list command's options, `status` checked by the command's own word. */
export const listInput = <S extends z.ZodType>(status: S) =>
  z.object({
    status: status.optional(),
    user: textWord(64).optional(),
    page: countWord().optional(),
    limit: countWord(100).optional(),
  });

/**
 * A list command's page as printed: the table of `rows()` (the `right` columns aligned right) and
 * the page line, or that there is nothing (on this page).
 */
export function printPage(
  v: { list: unknown[]; page: number; limit: number; total: number },
  noun: string,
  rows: () => string[][],
  right: number[],
): string {
  if (v.list.length === 0)
    return v.total === 0 ? `No ${noun}s.` : `No ${noun}s on page ${v.page} (${v.total} in all).`;
  return `${table(rows(), new Set(right))}\n${pageLine(v, noun)}`;
}

/** The options of a decision command: the reason of a refusal. */
export const reasonOptions: Record<string, Option> = {
  reason: { type: 'string', value: 'text', help: 'why it is refused (refuse; the shopper reads it)' },
};

/**
 * The reason of a decision: refusing needs one (the shopper reads it), any other action takes none.
 * False, with the issue added, when the words break that.
 */
export function reasonFits(w: { action: string; reason?: string }, ctx: z.RefinementCtx): boolean {
  if (w.action !== 'refuse') {
    if (w.reason === undefined) return true;
    ctx.addIssue({ code: 'custom', path: ['reason'], message: `${w.action} takes no reason` });
    return false;
  }
  if (w.reason !== undefined) return true;
  ctx.addIssue({
    code: 'custom',
    path: ['reason'],
    message: 'required: why it is refused (the shopper reads it)',
  });
  return false;
}

/** A list command: a page of what `load` finds, filtered by status and shopper, printed as a table. */
export function listCommand<
  S extends z.ZodType,
  V extends { list: unknown[]; page: number; limit: number; total: number },
>(spec: {
  name: string;
  summary: string;
  /** One of what is listed ("top-up"): the options' help and the page line say it. */
  noun: string;
  /** The status option's own word and help, and its check. */
  status: Option;
  statusWord: S;
  details?: string;
  examples: string[];
  load: CommandSpec<z.output<ReturnType<typeof listInput<S>>>, V>['run'];
  /** The table's header, a row of each listed one, and the columns aligned right. */
  header: string[];
  row: (item: V['list'][number]) => string[];
  right: number[];
}) {
  return defineCommand({
    name: spec.name,
    summary: spec.summary,
    args: [],
    options: listOptions(spec.status, spec.noun),
    ...(spec.details === undefined ? {} : { details: spec.details }),
    examples: spec.examples,
    input: listInput(spec.statusWord),
    run: spec.load,
    print: (v: V) =>
      printPage(v, spec.noun, () => [spec.header, ...v.list.map((item) => spec.row(item))], spec.right),
  });
}
