/**
 * Closed-loop load with autocannon: `connections` clients, each sending its next request as soon as the
 * previous one is answered, cycling through a list of requests. Throughput is completed responses per
 * second of the run; latencies are autocannon's (1 ms resolution).
 */
import autocannon from 'autocannon';

export interface BenchRequest {
  method: 'GET' | 'POST';
  path: string;
  /** JSON text. */
  body?: string;
}

export interface LoadResult {
  /** Completed responses. */
  answers: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  /** Answers outside 2xx. */
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
}

export interface LoadOptions {
  url: string;
  headers: Record<string, string>;
  requests: BenchRequest[];
  seconds: number;
  connections: number;
}

/** Now on the monotonic clock in microseconds: the clock of V8 CPU profiles, in every process of the machine. */
export const monotonicMicroseconds = () => Number(process.hrtime.bigint() / 1000n);

const TIMEOUT_SECONDS = 60;

/** Fewer answers than this make a throughput figure unsteady. */
export const FEW_ANSWERS = 20;
/** The longest a timed run is stretched, in multiples of its `seconds`. */
const LONGEST_STRETCH = 4;

/**
 * A warm-up run, then the timed run, with when the timed run started and ended. The timed run lasts
 * `seconds`, or longer (up to four times) when the warm-up's pace would give fewer than FEW_ANSWERS answers.
 */
/** Warms up, runs `beforeTimed` (a reading to compare with one after the run), then the timed load. */
export async function warmThenLoad<T = undefined>(
  options: LoadOptions,
  warmUpSeconds: number,
  beforeTimed: () => Promise<T> = () => Promise.resolve(undefined as T),
): Promise<LoadResult & { from: number; to: number; before: T }> {
  const warm = await load({ ...options, seconds: warmUpSeconds });
  const before = await beforeTimed();
  const needed = warm.rps > 0 ? Math.ceil(FEW_ANSWERS / warm.rps) : Infinity;
  const seconds = Math.min(Math.max(options.seconds, needed), options.seconds * LONGEST_STRETCH);
  const from = monotonicMicroseconds();
  const result = await load({ ...options, seconds });
  return { ...result, from, to: monotonicMicroseconds(), before };
}

export async function load({ url, headers, requests, seconds, connections }: LoadOptions): Promise<LoadResult> {
  let next = 0;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    // A slow answer is waited for (and counted in the latencies), not abandoned while the server still works on it.
    timeout: TIMEOUT_SECONDS,
    requests: [
      {
        setupRequest: (request) => {
          const { method, path, body } = requests[next++ % requests.length]!;
          return {
            ...request,
            method,
            path,
            headers: { ...headers, ...(body && { 'content-type': 'application/json' }) },
            ...(body && { body }),
          };
        },
      },
    ],
  });
  return {
    answers: result.requests.total,
    seconds: result.duration,
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
