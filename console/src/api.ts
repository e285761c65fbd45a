/**
 * The console's only way to the service: `POST /graphql` with the session cookie and `X-Studio-Console: 1`
 * (the server reads the cookie only with that header, so a cross-site form cannot use the session).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TypedDocumentString } from './gql/graphql.ts';
import { messageAs, messageInWords } from './words.ts';

export interface ApiErrorItem {
  /** What to show: the service's message, with an input path such as `windows[0].end:` put in words. */
  message: string;
  /** The service's own message, as it came. */
  raw?: string;
  code: string;
  /** The input field the error is about (BAD_USER_INPUT), when the server names one. */
  field?: string;
  path?: readonly (string | number)[];
  retryAfter?: number;
}

export class ApiError extends Error {
  readonly errors: ApiErrorItem[];
  readonly status: number;
  constructor(errors: ApiErrorItem[], status: number) {
    super(errors.map((e) => e.message).join('; ') || `The service answered ${status}`);
    this.errors = errors;
    this.status = status;
  }
  get code(): string {
    return this.errors[0]?.code ?? 'INTERNAL';
  }
  /** The message about one input field, if any. */
  forField(field: string): string | undefined {
    return this.about(field)?.message;
  }
  /** The message about one input field in the words of the form's label for it: `rule.until: must be …` as `Until must be …`. */
  forFieldAs(field: string, label: string): string | undefined {
    const hit = this.about(field);
    return hit && messageAs(hit.raw ?? hit.message, label);
  }
  private about(field: string): ApiErrorItem | undefined {
    return this.errors.find((e) => e.field === field || e.field?.endsWith(`.${field}`) || (e.raw ?? e.message).startsWith(`${field}:`) || (e.raw ?? '').includes(`.${field}:`));
  }
}

/** Listeners told when a request comes back UNAUTHENTICATED (the session ended): the app shows sign-in. */
const signedOutListeners = new Set<() => void>();
export function onSignedOut(listener: () => void): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

interface RawError {
  message?: string;
  path?: (string | number)[];
  extensions?: { code?: string; field?: string; retryAfter?: number; details?: { field?: string } };
}

export async function request<R, V>(document: TypedDocumentString<R, V>, variables?: V): Promise<R> {
  let response: Response;
  try {
    response = await fetch('/graphql', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-studio-console': '1' },
      body: JSON.stringify({ query: document.toString(), variables: variables ?? {} }),
    });
  } catch {
    throw new ApiError([{ message: 'The service cannot be reached. Check the connection and try again.', code: 'NETWORK' }], 0);
  }
  let body: { data?: R | null; errors?: RawError[] } = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    throw new ApiError([{ message: `The service answered ${response.status} without a readable body.`, code: 'INTERNAL' }], response.status);
  }
  if (body.errors?.length) {
    const errors = body.errors.map<ApiErrorItem>((e) => ({
      message: messageInWords(e.message ?? 'Unknown error'),
      raw: e.message,
      code: e.extensions?.code ?? 'INTERNAL',
      field: e.extensions?.field ?? e.extensions?.details?.field,
      path: e.path,
      retryAfter: e.extensions?.retryAfter,
    }));
    const error = new ApiError(errors, response.status);
    if (error.code === 'UNAUTHENTICATED' && !document.toString().includes('mutation SignIn')) {
      for (const listener of signedOutListeners) listener();
    }
    throw error;
  }
  if (!body.data) throw new ApiError([{ message: `The service answered ${response.status} without data.`, code: 'INTERNAL' }], response.status);
  return body.data;
}

export interface QueryState<R> {
  data: R | undefined;
  error: ApiError | undefined;
  loading: boolean;
  reload: () => void;
  /**
   * Reads again quietly: the page keeps what it shows, not marked busy, until the answer replaces it. For a
   * change made elsewhere (live.ts), which should not dim the page nor move its reader.
   */
  refresh: () => void;
}

/** Runs a query now and whenever `variables` change (compared as JSON); `skip` holds it back. */
export function useQuery<R, V>(document: TypedDocumentString<R, V>, variables?: V, options: { skip?: boolean } = {}): QueryState<R> {
  const [state, setState] = useState<{ data?: R; error?: ApiError; loading: boolean }>({ loading: !options.skip });
  const [tick, setTick] = useState(0);
  const key = JSON.stringify(variables ?? {});
  const latest = useRef(0);
  /** Whether the next read is a quiet refresh (only a refresh's own tick, never a change of variables). */
  const quiet = useRef(false);
  useEffect(() => {
    if (options.skip) return;
    const run = ++latest.current;
    const refreshing = quiet.current;
    quiet.current = false;
    if (!refreshing) setState((s) => ({ ...s, loading: true }));
    request(document, JSON.parse(key) as V).then(
      (data) => run === latest.current && setState({ data, loading: false }),
      (error: unknown) =>
        run === latest.current &&
        setState((s) =>
          // A quiet refresh that fails keeps what is shown, without an alert: the next change tries again
          // (unless it took over from a read the page was waiting for).
          refreshing && !s.loading
            ? s
            : { data: s.data, loading: false, error: error instanceof ApiError ? error : new ApiError([{ message: String(error), code: 'INTERNAL' }], 0) },
        ),
    );
  }, [document, key, tick, options.skip]);
  const reload = useCallback(() => {
    quiet.current = false;
    setTick((t) => t + 1);
  }, []);
  const refresh = useCallback(() => {
    quiet.current = true;
    setTick((t) => t + 1);
  }, []);
  return { data: state.data, error: state.error, loading: state.loading, reload, refresh };
}

export interface MutationState<R, V> {
  run: (variables: V) => Promise<R | undefined>;
  error: ApiError | undefined;
  busy: boolean;
  reset: () => void;
}

/** A mutation with its own busy flag and error (shown next to the control that ran it). */
export function useMutation<R, V>(document: TypedDocumentString<R, V>): MutationState<R, V> {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError>();
  const run = useCallback(
    async (variables: V) => {
      setBusy(true);
      setError(undefined);
      try {
        return await request(document, variables);
      } catch (e) {
        setError(e instanceof ApiError ? e : new ApiError([{ message: String(e), code: 'INTERNAL' }], 0));
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [document],
  );
  return { run, error, busy, reset: useCallback(() => setError(undefined), []) };
}

export interface QueriesState<R, V> {
  /** One answer per variables, in their order; undefined until all have come. */
  data: R[] | undefined;
  error: ApiError | undefined;
  loading: boolean;
  reload: () => void;
  /** Reads again quietly (see QueryState) those of the variables `which` picks, keeping the others' answers. */
  refresh: (which: (variables: V) => boolean) => void;
}

/** The same query for each of a list of variables, together: the answers come all at once, in order. */
export function useQueries<R, V>(document: TypedDocumentString<R, V>, variables: readonly V[], options: { skip?: boolean } = {}): QueriesState<R, V> {
  const [state, setState] = useState<{ data?: R[]; error?: ApiError; loading: boolean }>({ loading: !options.skip });
  const [tick, setTick] = useState(0);
  const key = JSON.stringify(variables);
  const latest = useRef(0);
  useEffect(() => {
    if (options.skip) return;
    const run = ++latest.current;
    setState((s) => ({ ...s, loading: true }));
    Promise.all((JSON.parse(key) as V[]).map((v) => request(document, v))).then(
      (data) => run === latest.current && setState({ data, loading: false }),
      (error: unknown) =>
        run === latest.current &&
        setState((s) => ({
          data: s.data,
          loading: false,
          error: error instanceof ApiError ? error : new ApiError([{ message: String(error), code: 'INTERNAL' }], 0),
        })),
    );
  }, [document, key, tick, options.skip]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  const refresh = useCallback(
    (which: (variables: V) => boolean) => {
      const all = JSON.parse(key) as V[];
      const picked = all.flatMap((v, i) => (which(v) ? [i] : []));
      if (!picked.length) return;
      const run = latest.current;
      Promise.all(picked.map((i) => request(document, all[i]))).then(
        (answers) =>
          // Only onto the answers of the same variables, and only if nothing has read them all again meanwhile.
          run === latest.current &&
          setState((s) => {
            if (!s.data || s.data.length !== all.length) return s;
            const data = [...s.data];
            picked.forEach((i, j) => (data[i] = answers[j]!));
            return { ...s, data };
          }),
        // A refresh that fails leaves what is shown; the next change or the page's own reads try again.
        () => {},
      );
    },
    [document, key],
  );
  return { data: state.data, error: state.error, loading: state.loading, reload, refresh };
}
