import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { call, startStudio, type Studio } from './support/studio.ts';
let studio: Studio;
beforeAll(async () => { studio = await startStudio(); });
afterAll(() => studio.close());
it('redis gone', async () => {
  const token = await studio.token(['customers:read']);
  expect((await call(`${studio.m2m}/customers`, token)).status).toBe(200);
  await studio.app.pipeline!.shared.redis!.disconnect();
  const started = Date.now();
  const answer = await Promise.race([call(`${studio.m2m}/customers`, token), new Promise((r) => setTimeout(() => r('timeout'), 5000))]);
  console.log(answer === 'timeout' ? 'TIMEOUT' : (answer as any).status, (answer as any).body, Date.now() - started);
});
