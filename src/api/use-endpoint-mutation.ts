import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { apiRoutes, type EndpointName } from '../../common/api/routes';
import { haptic } from '../telegram/buttons';
import { call, type Answer, type Params } from './call';
import type { RequestOptions } from './client';
import { errorText } from './error-text';
import { createIntent, type Intent } from './idempotency';
import { invalidateEndpoints, type EndpointPrefix } from './query-client';

/** Telegram's feedback for a write that went through: a notification's, or a light tap. */
export type SuccessHaptic = 'success' | 'tap';

/** Endpoint `name` called with the hook's client options (and its intent's key). */
export type Send<N extends EndpointName> = (params: Params<N>) => Promise<Answer<N>>;

export interface EndpointMutationOptions<N extends EndpointName, V, R> {
  /**
   * One run: what the screen does with `vars`, calling the endpoint through `send`. It may check
   * the form before and store the answer after: the run is busy from its start to its end. Without
   * it, a run sends `vars` as the endpoint's parameters.
   */
  run?: (send: Send<N>, vars: V) => Promise<R>;
  /** The client's options for the call (showError: false where the screen shows the failure itself). */
  request?: Omit<RequestOptions, 'idempotencyKey'>;
  /**
   * The intent whose Idempotency-Key an idempotent endpoint's call carries (the same key again for
   * the same parameters after an uncertain failure). Without it, the hook keeps one of its own.
   */
  intent?: Intent;
  /** The answers the write changes, by endpoint prefix: marked stale once it went through. */
  invalidates?: readonly EndpointPrefix[];
  /**
   * Busy until the screens showing those answers have them again (the invalidation is awaited
   * before `onSuccess`), so a button is not offered again while the screen still shows the old state.
   */
  awaitFresh?: boolean;
  /** Telegram's feedback: on success (a kind, or one chosen from the result), and `error` on failure. */
  haptic?: { success?: SuccessHaptic | ((result: R) => SuccessHaptic | undefined); error?: boolean };
  /** After a run whose call went through (the run's result). */
  onSuccess?: (result: R, vars: V) => void;
  /** After a failed run (the client has toasted it, unless `request.showError` is false). */
  onError?: (error: unknown, vars: V) => void;
}

export interface EndpointMutation<V, R> {
  /**
   * Runs once: resolves with the run's result, or undefined when it failed or a run was already
   * under way (a second tap does nothing).
   */
  mutate: (vars: V) => Promise<R | undefined>;
  /** A run is under way: the button shows its loader and takes no tap. */
  busy: boolean;
  /** What the run under way was given (which row's button shows the loader), or undefined. */
  pending: V | undefined;
  /** The last failed run's message (already translated), or null. */
  error: string | null;
}

/**
 * Every write of a screen: endpoint `name` of the contract (common/api/routes.ts), typed through
 * call(). One run at a time (a tap while busy does nothing); the client toasts a refusal as it does
 * for every call, the hook keeps its message; on success the answers named by `invalidates` are
 * marked stale and Telegram gives the haptic asked for, on failure the error one. An endpoint the
 * contract marks idempotent sends its intent's key. Success, invalidation and `onSuccess` follow
 * only a run whose call answered: a run that stopped before sending (a form check) has none.
 */
export function useEndpointMutation<N extends EndpointName, V = Params<N>, R = Answer<N>>(
  name: N,
  options: EndpointMutationOptions<N, V, R> = {},
): EndpointMutation<V, R> {
  const client = useQueryClient();
  const [ownIntent] = useState(createIntent);
  // Plain state rather than the query library's mutations: their observer was this hook's only use
  // of that part of the library, which then came with the first screen's scripts.
  const [state, setState] = useState<{ busy: boolean; pending?: V; error: string | null }>({
    busy: false,
    error: null,
  });
  const running = useRef(false);
  const latest = useRef(options);
  latest.current = options;

  const mutate = async (vars: V): Promise<R | undefined> => {
    if (running.current) return undefined;
    running.current = true;
    setState({ busy: true, pending: vars, error: null });
    try {
      const { run, request, intent = ownIntent } = latest.current;
      let sent = false;
      const send: Send<N> = async (params) => {
        const go = (key?: string) =>
          (call as unknown as AnyCall)(name, params, key ? { ...request, idempotencyKey: key } : request);
        const answer = isIdempotent(name) ? await intent.run(params, go) : await go();
        sent = true;
        return answer as Answer<N>;
      };
      const result = run ? await run(send, vars) : ((await send(vars as unknown as Params<N>)) as R);
      const { invalidates, awaitFresh, haptic: feedback, onSuccess } = latest.current;
      if (sent && awaitFresh && invalidates?.length) await invalidateEndpoints(client, invalidates);
      setState({ busy: false, error: null });
      if (!sent) return result;
      if (invalidates?.length && !awaitFresh) void invalidateEndpoints(client, invalidates);
      const kind = typeof feedback?.success === 'function' ? feedback.success(result) : feedback?.success;
      if (kind) haptic[kind]();
      onSuccess?.(result, vars);
      return result;
    } catch (e) {
      setState({ busy: false, error: errorText(e) });
      const { haptic: feedback, onError } = latest.current;
      if (feedback?.error) haptic.error();
      onError?.(e, vars);
      return undefined;
    } finally {
      running.current = false;
    }
  };

  return { mutate, busy: state.busy, pending: state.busy ? state.pending : undefined, error: state.error };
}

const isIdempotent = (name: EndpointName): boolean =>
  (apiRoutes[name] as { idempotent?: boolean }).idempotent === true;

/** call() with its types set aside: `send` above holds them for the screen. */
type AnyCall = (name: EndpointName, params: unknown, options?: RequestOptions) => Promise<unknown>;
