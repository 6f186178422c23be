import type { DbOrTx } from '../../db/client';

/**
 * A short-lived in-process cache of public catalogue answers (feeds, search pages, product and
 * shop pages as a visitor sees them), keyed by route, language and normalised query. Values are
 * usually the serialised answer, so a hit costs a map lookup and a write to the socket.
 *
 * Freshness: every writer of products or shops calls invalidateCatalog(db) after its change is
 * committed (the follow toggle moves a shop's fans, the favourite toggle a product's); the flush of
 * buffered view counts drops the pages of the products it counted. Entries also expire after a
 * short TTL (CATALOG_CACHE_SECONDS), so processes behind one load balancer, each with a cache of
 * its own, converge within it. Per-shopper flags (favourited, followed) are never cached: routes
 * add them to the shared answer for each logged-in request.
 *
 * Under load an expiring answer must not stall a burst of requests: concurrent misses of one key
 * share one load, and an answer up to one TTL past its time is still answered while a single
 * background load replaces it. Invalidation is not softened: it drops entries at once, and a load
 * that started before it is not kept.
 */
interface Entry<T> {
  value: T;
  expires: number;
  refreshing?: boolean;
}

export class AnswerCache {
  private readonly entries = new Map<string, Entry<unknown>>();
  private readonly loading = new Map<string, Promise<unknown>>();
  /** Moves on every invalidation: a load begun under an older generation is answered but not kept. */
  private generation = 0;
  private readonly listeners: ((prefix?: string) => void)[] = [];

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5000,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get<T>(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value as T;
  }

  set<T>(key: string, value: T): void {
    if (!this.enabled) return;
    // Oldest first out: a Map iterates in insertion order. Search texts make the key space open.
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.delete(key);
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
  }

  /** The answer for `key`: fresh from memory, else loaded once however many requests ask at once. */
  async fetch<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    const entry = this.entries.get(key) as Entry<T> | undefined;
    const now = Date.now();
    if (entry && entry.expires > now) return entry.value;
    if (entry && entry.expires + this.ttlMs > now) {
      if (!entry.refreshing) {
        entry.refreshing = true;
        this.load(key, load).catch(() => (entry.refreshing = false));
      }
      return entry.value;
    }
    return (this.loading.get(key) as Promise<T> | undefined) ?? this.load(key, load);
  }

  private load<T>(key: string, load: () => Promise<T>): Promise<T> {
    const generation = this.generation;
    const run = load().then((value) => {
      if (generation === this.generation) this.set(key, value);
      return value;
    });
    this.loading.set(key, run);
    const forget = () => {
      if (this.loading.get(key) === run) this.loading.delete(key);
    };
    run.then(forget, forget);
    return run;
  }

  /** Until when the answer for `key` is fresh (ms since the epoch); 0 when it is not kept or stale. */
  freshUntil(key: string): number {
    const expires = this.entries.get(key)?.expires ?? 0;
    return expires > Date.now() ? expires : 0;
  }

  /** `listener` runs on every invalidation, with its prefix (what keeps copies of the answers drops them). */
  onInvalidate(listener: (prefix?: string) => void): void {
    this.listeners.push(listener);
  }

  /** Drops every answer, or those whose key starts with `prefix`. */
  invalidate(prefix?: string): void {
    this.generation++;
    this.loading.clear();
    for (const listener of this.listeners) listener(prefix);
    if (prefix === undefined) {
      this.entries.clear();
      return;
    }
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** One cache per database handle: the app that serves it, and every writer holding the handle, find it. */
const caches = new WeakMap<object, AnswerCache>();

export function attachCatalogCache(db: DbOrTx, cache: AnswerCache): void {
  caches.set(db, cache);
}

export function catalogCache(db: DbOrTx): AnswerCache | undefined {
  return caches.get(db);
}

/** Call after a committed change to products, shops, categories or banners: answers are read again. */
export function invalidateCatalog(db: DbOrTx): void {
  caches.get(db)?.invalidate();
}

/** A cache key from a validated query: its fields in a fixed order, absent ones left out. */
export function queryKey(query: object): string {
  const entries = Object.entries(query)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}
