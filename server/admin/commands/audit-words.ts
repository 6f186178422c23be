import { z } from 'zod';
import { AUDIT_STATUS, type AuditStatus } from '@common/wallet';

/** Words shared by the top-up and withdrawal commands. */
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
