/// <reference types="vitest/jsdom" />
import { Blob as NodeBlob } from 'node:buffer';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '@server/config';
import { createTestApp, type TestApp } from '../../support/app';

export interface RealServer {
  /** The real API server (in-memory database), for arranging data with `call` and `register`. */
  api: TestApp;
  /** Where it listens, e.g. http://127.0.0.1:41234. */
  origin: string;
}

/**
 * Runs the real API server for the test file and serves the page from the same origin, as
 * production does (the server hosts the Mini App), so the client's XHR calls go out with its
 * empty base address and no CORS in between.
 */
export function useRealServer(overrides: Partial<Config> = {}): RealServer {
  const server = {} as RealServer;
  beforeAll(async () => {
    server.api = await nodeGlobals(() => createTestApp(overrides));
    server.origin = await server.api.app.listen({ port: 0, host: '127.0.0.1' });
    jsdom.reconfigure({ url: `${server.origin}/` });
    // jsdom's reconfigure moves the document but not the origin its XHR checks against.
    (jsdom.window as unknown as { _origin: string })._origin = server.origin;
    // Nor the base URL the document keeps from the worker's previous file (the files of a worker
    // share one jsdom): relative requests and history entries would resolve against that file's
    // server. A <base> element attached and detached clears the kept one.
    const base = document.createElement('base');
    document.head.append(base);
    base.remove();
  }, 60_000);
  afterAll(async () => {
    // The page of the last test is gone, but jsdom may keep a connection open with a request it
    // never finished sending (one started as the test ended): the server would wait for it.
    server.api?.app.server.closeAllConnections();
    await server.api?.close();
  });
  return server;
}

/**
 * The server is Node code sharing this jsdom global: PGlite builds its extension bundles with the
 * global Blob, and jsdom's Blob has no arrayBuffer(). Node's own is in place while it starts.
 */
async function nodeGlobals<T>(start: () => Promise<T>): Promise<T> {
  const jsdomBlob = globalThis.Blob;
  globalThis.Blob = NodeBlob as unknown as typeof Blob;
  try {
    return await start();
  } finally {
    globalThis.Blob = jsdomBlob;
  }
}
