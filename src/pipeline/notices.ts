/**
 * This instance's ear for what others announce through PostgreSQL (src/db/notices.ts, src/db/cache-versions.ts):
 * one connection of its own, LISTENing on every channel a part of the pipeline asks for. Notices sent while
 * no connection listened are lost, so when the connection breaks, every part is told to forget what it
 * knew (`onLost`), and the connection is made again with backoff.
 */
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import type { Logger } from 'pino';
import { listen } from '../db/notices.ts';

const RECONNECT = { firstMs: 100, mostMs: 2_000 };

export class Notices {
  readonly #url: string;
  readonly #logger: Logger;
  readonly #handlers = new Map<string, Array<(payload: string) => void>>();
  readonly #lost: Array<() => void> = [];
  #client: pg.Client | null = null;
  #closed = false;

  constructor(databaseUrl: string, logger: Logger) {
    this.#url = databaseUrl;
    this.#logger = logger;
  }

  /** Calls `handler` with the payload of each notice on `channel` (ask before `listen`). */
  on(channel: string, handler: (payload: string) => void): void {
    this.#handlers.set(channel, [...(this.#handlers.get(channel) ?? []), handler]);
  }

  /** Calls `handler` when notices may have been missed: the connection broke (and again once it is back). */
  onLost(handler: () => void): void {
    this.#lost.push(handler);
  }

  /** Starts listening; resolves once listening, or after the first failed attempt (retrying meanwhile). */
  async listen(): Promise<void> {
    await this.#connect().catch(() => this.#reconnect());
  }

  #forget(): void {
    for (const handler of this.#lost) handler();
  }

  async #connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.#url, keepAlive: true });
    client.on('notification', ({ channel, payload }) => {
      for (const handler of this.#handlers.get(channel) ?? []) {
        try {
          handler(payload ?? '');
        } catch (error) {
          this.#logger.warn({ err: error, channel }, 'unreadable notice');
        }
      }
    });
    client.on('error', () => {});
    client.on('end', () => {
      if (this.#client !== client) return;
      this.#client = null;
      this.#forget();
      if (!this.#closed) void this.#reconnect();
    });
    try {
      await client.connect();
      for (const channel of this.#handlers.keys()) await listen(client, channel);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    this.#forget();
    this.#client = client;
  }

  async #reconnect(): Promise<void> {
    for (let wait = RECONNECT.firstMs; !this.#closed; wait = Math.min(wait * 2, RECONNECT.mostMs)) {
      await delay(wait);
      if (this.#closed) return;
      try {
        await this.#connect();
        return;
      } catch (error) {
        this.#logger.debug({ err: error }, 'notices: reconnecting');
      }
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => {});
  }
}
