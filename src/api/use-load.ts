import { useCallback, useEffect, useRef, useState } from 'react';
import { errorText, isRefusal } from './error-text';

export interface LoadState<T> {
  data: T | undefined;
  /** The failure's message (already translated), or null. */
  error: string | null;
  /** The server refused (code 0: not found, bad input): asking again will not help. */
  refused: boolean;
  loading: boolean;
  /** Loads again; resolves when done (pull-to-refresh waits for it). */
  reload: () => Promise<void>;
}

/**
 * One answer for a screen: loaded when `key` changes (put everything the call depends on in it,
 * the interface language included), kept while a reload runs, with the error for a retry.
 */
export function useLoad<T>(key: string, load: () => Promise<T>): LoadState<T> {
  const [state, setState] = useState<{ data?: T; error: string | null; refused: boolean; loading: boolean }>({
    error: null,
    refused: false,
    loading: true,
  });
  const loader = useRef(load);
  loader.current = load;
  const generation = useRef(0);

  const run = useCallback(async () => {
    const mine = ++generation.current;
    setState((s) => ({ ...s, error: null, refused: false, loading: true }));
    try {
      const data = await loader.current();
      if (mine === generation.current) setState({ data, error: null, refused: false, loading: false });
    } catch (e) {
      if (mine !== generation.current) return;
      setState((s) => ({ ...s, error: errorText(e), refused: isRefusal(e), loading: false }));
    }
  }, []);

  useEffect(() => {
    void run();
  }, [key, run]);

  return { ...state, data: state.data, reload: run };
}
