import type { SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { outbox, type OutboxKind } from '../db/schema';

export type { OutboxKind };

/**
 * Queues source rows for Telegram in the caller's transaction, beside the rows themselves:
 * committed together or not at all, and sent by the one outbox sender (server/jobs/outbox-sender.ts)
 * whenever Telegram answers. A row queued twice is queued once.
 */
export async function enqueue(tx: DbOrTx, kind: OutboxKind, refIds: number[]): Promise<void> {
  if (refIds.length === 0) return;
  await tx
    .insert(outbox)
    .values(refIds.map((refId) => ({ kind, refId })))
    .onConflictDoNothing();
}

/** A due outbox row the claim looks at; `attempts` counts this claim once it is taken. */
export interface DueRow {
  id: number;
  kind: OutboxKind;
  refId: number;
  attempts: number;
}

/** What one send did: whether a message went out, and what its source row keeps of it. */
export interface Delivered {
  sent: boolean;
  /** Writes the source row's outcome, in the transaction that takes the row off the queue. */
  record(tx: DbOrTx): Promise<void>;
}

/** Why a row leaves the queue unsent after a failure: the chat refused the bot (403), or anything else. */
export type GiveUp = 'blocked' | 'failed';

/** A claimed row and what its kind does with it. */
export interface OutboxJob {
  row: DueRow;
  send(): Promise<Delivered>;
  /** Writes on the source row that it will never be sent (`lastError` says what Telegram said). */
  giveUp(db: DbOrTx, why: GiveUp, lastError: string): Promise<void>;
}

/** What a kind decides, in the claim's transaction, for its due rows. */
export interface Sorted {
  /** To send now, oldest due first. */
  take: OutboxJob[];
  /** Not now: due again a second later (their chat was just sent to). */
  wait: number[];
  /** Not before a lease has passed (nothing may send them now). */
  hold: number[];
  /** Never sent (their source row, written here, says why): they leave the queue. */
  settle: number[];
}

/** One kind of message the outbox carries to Telegram. */
export interface OutboxKindSender {
  kind: OutboxKind;
  /** Tries before a failing row is given up (Infinity: never). */
  maxTries: number;
  /** The pause after a failed try: `base` seconds doubling with each try, at most `cap`. */
  backoff: { base: number; cap: number };
  /** Whether a refusal (a 4xx) ends the row; otherwise it is tried again like a 5xx. */
  refusalEnds: boolean;
  /**
   * Sorts the due rows (oldest due first) in the claim's transaction: at most `room` are taken.
   * `now` is the run's moment (the database's clock unless a test moves it).
   */
  sort(tx: Tx, rows: DueRow[], room: number, now: SQL): Promise<Sorted>;
}
