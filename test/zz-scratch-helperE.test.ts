import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { startTestApp, type TestApp } from './support/app.ts';
import { createCompany } from '../src/domain/companies.ts';
import { createApiClient } from '../src/domain/api-clients.ts';
import { call } from './support/studio.ts';
const freePort = () => new Promise<number>((resolve) => { const s = createServer().listen(0, '127.0.0.1', () => { const p = (s.address() as any).port; s.close(() => resolve(p)); }); });
it('redis gone', async () => {
  const port = await freePort();
  const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  await new Promise((r) => setTimeout(r, 300));
  const app = await startTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
  const { id } = await createCompany(app.services.orm, { name: 'x', timezone: 'Europe/London', currency: 'GBP' });
  const client = await createApiClient(app.services.orm, app.services.serverKey, { companyId: id, name: 'c', scopes: 'customers:read' }, new Date());
  const token = (await call(`${app.url}/m2m/token`, null, { method: 'POST', body: client })).body.access_token;
  console.log((await call(`${app.url}/m2m/customers`, token)).headers.get('x-cache'));
  redis.kill('SIGKILL');
  await new Promise((r) => setTimeout(r, 200));
  for (let i = 0; i < 3; i++) {
    const started = Date.now();
    const answer: any = await Promise.race([call(`${app.url}/m2m/customers`, token), new Promise((r) => setTimeout(() => r('timeout'), 5000))]);
    console.log(answer === 'timeout' ? 'TIMEOUT' : answer.status, answer.headers?.get('x-cache'), answer.headers?.get('ratelimit'), Date.now() - started);
  }
  const t: any = await call(`${app.url}/m2m/token`, null, { method: 'POST', body: client });
  console.log('token', t.status);
  const started = Date.now();
  await app.close();
  console.log('closed in', Date.now() - started);
});
