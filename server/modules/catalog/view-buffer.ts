import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { productViews } from '../../db/schema';

/** Who looks at a product: a shopper by id, a visitor by client address. */
export interface Viewer {
  userId?: number;
  address: string;
}

const viewerKey = (v: Viewer) => (v.userId !== undefined ? `u:${v.userId}` : `a:${v.address}`);
const utcDay = (at = new Date()) => at.toISOString().slice(0, 10);

/** How many (product, viewer) pairs of the day a process remembers before it lets the database decide alone. */
const REMEMBER_MAX = 200_000;

/**
 * Product views, counted once per viewer and UTC day, written in batches. A detail page costs no
 * write: the view is noted in memory (a repeat of the same viewer that day is dropped here), and
 * every interval one statement inserts the batch's (product, viewer, day) keys, skipping those
 * already stored (by another process, or before a restart), and adds what was really inserted to
 * each product's `seen`. So the database keeps the rule across processes, and a product's count
 * never moves twice for one viewer and day. Pending views show in this process's answers at once
 * (`pending`); closing the app writes what is left.
 */
export class ViewBuffer {
  private remembered = new Set<string>();
  private day = utcDay();
  private batch: { productId: number; viewer: string; day: string }[] = [];
  private readonly pendingByProduct = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;
  /** Flushes run one after another. */
  private chain: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly db: Db,
    intervalMs: number,
    private readonly onFlushed: (productIds: number[]) => void = () => {},
  ) {
    if (intervalMs > 0) {
      this.timer = setInterval(() => void this.flush().catch(() => undefined), intervalMs);
      this.timer.unref();
    }
  }

  /** Notes a view; answers whether it is new for this viewer today (as far as this process knows). */
  async add(productId: number, viewer: Viewer): Promise<boolean> {
    if (!this.note(productId, viewer)) return false;
    // After close (in-flight requests of a shutdown) nothing flushes later: write now.
    if (this.closed) await this.flush();
    return true;
  }

  /** False once closing: a view must then go through add(), which writes it at once. */
  get open(): boolean {
    return !this.closed;
  }

  /** add() for a caller that cannot wait (a replayed answer): the view is written by the next flush. */
  note(productId: number, viewer: Viewer): boolean {
    const today = utcDay();
    if (today !== this.day || this.remembered.size >= REMEMBER_MAX) {
      this.day = today;
      this.remembered = new Set();
    }
    const key = `${productId}|${viewerKey(viewer)}`;
    if (this.remembered.has(key)) return false;
    this.remembered.add(key);
    this.batch.push({ productId, viewer: viewerKey(viewer), day: today });
    this.pendingByProduct.set(productId, (this.pendingByProduct.get(productId) ?? 0) + 1);
    return true;
  }

  /** Views of `productId` noted here and not yet written. */
  pending(productId: number): number {
    return this.pendingByProduct.get(productId) ?? 0;
  }

  /** Writes the batch; answers the ids of the products whose count moved. */
  flush(): Promise<number[]> {
    const run = this.chain.then(() => this.write());
    this.chain = run.catch(() => undefined);
    return run;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }

  private async write(): Promise<number[]> {
    if (this.batch.length === 0) return [];
    const batch = this.batch;
    this.batch = [];
    const counted = new Map<number, number>();
    for (const v of batch) counted.set(v.productId, (counted.get(v.productId) ?? 0) + 1);
    try {
      await this.db.transaction(async (tx) => {
        const inserted = await tx
          .insert(productViews)
          .values(batch)
          .onConflictDoNothing()
          .returning({ productId: productViews.productId });
        const added = new Map<number, number>();
        for (const r of inserted) added.set(r.productId, (added.get(r.productId) ?? 0) + 1);
        if (added.size > 0) {
          const values = sql.join(
            [...added].map(([id, n]) => sql`(${id}::bigint, ${n}::int)`),
            sql`, `,
          );
          await tx.execute(
            sql`update products set seen = products.seen + v.n from (values ${values}) as v(id, n) where products.id = v.id`,
          );
        }
        // Older days no longer decide anything; an occasional sweep keeps the table small.
        if (Math.random() < 0.01) {
          await tx.delete(productViews).where(sql`${productViews.day} < current_date - 2`);
        }
      });
    } catch (err) {
      // Put the batch back: the next flush tries again (the keys make a retry count once).
      this.batch = [...batch, ...this.batch];
      throw err;
    }
    for (const [id, n] of counted) {
      const left = (this.pendingByProduct.get(id) ?? 0) - n;
      if (left > 0) this.pendingByProduct.set(id, left);
      else this.pendingByProduct.delete(id);
    }
    const ids = [...counted.keys()];
    this.onFlushed(ids);
    return ids;
  }
}

/** One buffer per database handle (the app's), so tests and tools can flush it. */
const buffers = new WeakMap<object, ViewBuffer>();

export function attachViewBuffer(db: Db, buffer: ViewBuffer): void {
  buffers.set(db, buffer);
}

/** Writes the views noted so far (tests read `seen` from the table after this). */
export async function flushViews(db: Db): Promise<void> {
  await buffers.get(db)?.flush();
}
