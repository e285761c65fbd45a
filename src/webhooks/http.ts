/**
 * The one HTTP client of webhook deliveries. A POST either gets a status within the deadline or fails;
 * redirects are not followed (a 3xx is a failure). Unless WEBHOOK_ALLOW_INSECURE_TARGETS is set it speaks
 * HTTPS only and connects only to public addresses: the host name is resolved here, every resolved
 * address is checked, and the socket connects to a checked one, so a DNS answer that changes between
 * configuration and delivery (rebinding) cannot reach a private service.
 */
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { createSecureContext, rootCertificates } from 'node:tls';
import { refusedAddress, resolveHost, type ResolveHost } from '../domain/webhook-endpoints.ts';

export interface AttemptOutcome {
  /** The receiver's HTTP status; null when it gave none. */
  status: number | null;
  /** Why the attempt failed; null for a 2xx. */
  error: string | null;
  durationMs: number;
}

export interface WebhookHttpOptions {
  timeoutMs: number;
  allowInsecure: boolean;
  /** PEM certificates trusted besides the system's (WEBHOOK_CA_FILE). */
  extraCa?: string;
  resolve?: ResolveHost;
}

export interface WebhookHttp {
  post(url: string, body: string, headers: Record<string, string>): Promise<AttemptOutcome>;
  close(): void;
}

export const USER_AGENT = 'studio-booking-webhooks/1';

class RefusedTarget extends Error {}

/** A `lookup` for sockets that fails unless every address of the name is public. */
function checkedLookup(resolve: ResolveHost): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        for (const { address } of addresses) {
          const reason = refusedAddress(address);
          if (reason) return callback(new RefusedTarget(`refused: ${hostname} resolves to ${address}, ${reason}`), '');
        }
        const family = options.family === 4 || options.family === 'IPv4' ? 4 : options.family === 6 || options.family === 'IPv6' ? 6 : 0;
        const usable = family ? addresses.filter((a) => a.family === family) : addresses;
        if (!usable.length) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '');
        if (options.all) callback(null, usable);
        else callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}

function failure(error: Error & { code?: string }, timeoutMs: number, deadline: Error): string {
  if (error === deadline) return `no answer within ${timeoutMs / 1000} s`;
  if (error instanceof RefusedTarget) return error.message;
  return error.code && !error.message.includes(error.code) ? `${error.message} (${error.code})` : error.message;
}

function statusProblem(status: number, location: string | undefined): string | null {
  if (status >= 200 && status < 300) return null;
  if (status >= 300 && status < 400) return `HTTP ${status}: redirect${location ? ` to ${location}` : ''} not followed`;
  return `HTTP ${status}`;
}

export function createWebhookHttp(options: WebhookHttpOptions): WebhookHttp {
  const { timeoutMs, allowInsecure } = options;
  const connect = allowInsecure ? {} : { lookup: checkedLookup(options.resolve ?? resolveHost) };
  const agents = {
    // A secure context rather than `ca`: the agent would otherwise spell every CA into each connection pool key.
    'https:': new https.Agent({
      keepAlive: true,
      ...connect,
      ...(options.extraCa && { secureContext: createSecureContext({ ca: [...rootCertificates, options.extraCa] }) }),
    }),
    'http:': new http.Agent({ keepAlive: true, ...connect }),
  };

  const post = (url: string, body: string, headers: Record<string, string>): Promise<AttemptOutcome> => {
    const started = performance.now();
    const outcome = (status: number | null, error: string | null): AttemptOutcome => ({
      status,
      error,
      durationMs: Math.round(performance.now() - started),
    });
    const target = new URL(url);
    if (target.protocol !== 'https:' && (target.protocol !== 'http:' || !allowInsecure)) {
      return Promise.resolve(outcome(null, `refused: ${target.protocol}// targets are not allowed`));
    }
    const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
    const literal = !allowInsecure && isIP(host) ? refusedAddress(host) : null;
    if (literal) return Promise.resolve(outcome(null, `refused: ${host} is ${literal}`));

    return new Promise((settle) => {
      const deadline = new Error('deadline');
      const request = (target.protocol === 'https:' ? https : http).request(target, {
        method: 'POST',
        agent: agents[target.protocol as 'https:' | 'http:'],
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': USER_AGENT, ...headers },
      });
      // After the status arrives the body is drained; the timer still ends a receiver that never finishes it.
      const timer = setTimeout(() => request.destroy(deadline), timeoutMs);
      let answered = false;
      request.on('response', (response) => {
        answered = true;
        const status = response.statusCode ?? 0;
        settle(outcome(status, statusProblem(status, response.headers.location)));
        response.on('error', () => clearTimeout(timer));
        response.on('end', () => clearTimeout(timer));
        response.resume();
      });
      request.on('error', (error) => {
        clearTimeout(timer);
        if (!answered) settle(outcome(null, failure(error, timeoutMs, deadline)));
      });
      request.end(body);
    });
  };

  return {
    post,
    close: () => {
      agents['https:'].destroy();
      agents['http:'].destroy();
    },
  };
}
