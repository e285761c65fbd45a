/**
 * A Redis that hangs without closing its connections (a stalled primary, a half-open network path)
 * must not hold requests: each command gives up after REDIS_COMMAND_TIMEOUT_MS, the cache serves
 * uncached and the limits count in process, as they do when Redis is down. Played by a fake Redis that
 * accepts connections and, once hung, never answers.
 */
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from '@jest/globals';
import { call, startStudio, type Studio } from './support/studio.ts';

/** Answers `+OK` to every command until `hang()`, then swallows every byte. */
async function fakeRedis(hanging: boolean) {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
    socket.on('data', (chunk) => {
      if (hanging) return;
      const commands = chunk.toString('latin1').split('\r\n').filter((line) => line.startsWith('*')).length;
      socket.write('+OK\r\n'.repeat(commands));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hang: () => (hanging = true),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const TIMEOUT_MS = 200;

describe('M2M while Redis hangs without closing its connections', () => {
  let studio: Studio | undefined;
  let redis: Awaited<ReturnType<typeof fakeRedis>> | undefined;
  afterEach(async () => {
    await studio?.close();
    await redis?.close();
  });

  it.each([
    ['hangs from the start: the service starts and serves', true],
    ['hangs after it answered: requests go on being served', false],
  ])('when Redis %s, uncached and limited in process, each request within seconds', async (_case, hangingFromStart) => {
    redis = await fakeRedis(hangingFromStart);
    studio = await startStudio({ env: { REDIS_URL: redis.url, REDIS_COMMAND_TIMEOUT_MS: String(TIMEOUT_MS) } });
    redis.hang();
    const token = await studio.token(['customers:read']);
    for (let i = 0; i < 2; i++) {
      const started = Date.now();
      const answer = await call(`${studio.m2m}/customers?pageSize=2`, token);
      // A hang cut short is the behaviour, so it is timed, with a bound far from both sides: a request whose Redis
      // commands each give up after TIMEOUT_MS is answered within a few tenths of a second on a quiet machine,
      // one whose commands wait for an answer is never answered.
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(answer.status).toBe(200);
      expect(answer.body.data).toHaveLength(2);
      expect(answer.headers.get('x-cache')).not.toBe('HIT');
      expect(answer.headers.get('ratelimit')).toMatch(/^"minute";r=\d+;t=\d+/);
    }
  });
});
