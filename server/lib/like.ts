/**
 * `text` as the literal part of a LIKE pattern: its %, _ and backslash match themselves (backslash
 * is PostgreSQL's default LIKE escape). Every LIKE built from user text goes through here.
 */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
