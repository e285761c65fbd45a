import { afterAll, beforeAll, it } from '@jest/globals';
import { writeFileSync } from 'node:fs';
import { call, startStudio, type Studio } from './support/studio.ts';

let studio: Studio;
beforeAll(async () => { studio = await startStudio({ env: { M2M_RATE_PER_MINUTE: '100000' } }); });
afterAll(() => studio.close());

it('dumps', async () => {
  const token = await studio.token();
  const out: Record<string, unknown> = {};
  const get = async (p: string) => { const r = await call(studio.m2m + p, token); out[p] = { status: r.status, headers: Object.fromEntries(r.headers), body: r.body }; return r.body; };
  const customers = await get('/customers?pageSize=100');
  for (const c of customers.data) {
    for (const sub of ['profile', 'bookings?startDate=2000-01-01', 'packages', 'videos', 'subscription-mandates', 'appointments', 'notes', 'questionnaire-answers']) await get(`/customer/${c.id}/${sub}`);
  }
  const appts = await get('/appointments/bookings?pageSize=100');
  await get('/appointments/bookings?status=CANCELLED');
  await get(`/appointments/bookings/${appts.data[0].id}`);
  const svcs = await get('/appointments/services');
  await get(`/appointments/services/${svcs.data[0].id}`);
  await get(`/appointments/availability/${appts.data[0].facilitator.id}?date=2026-11-23`);
  const ev = await get('/events');
  await get(`/event/${ev.data[0].id}`);
  await get(`/event/${ev.data[0].id}/dates/${ev.data[0].dates[0].id}/register`);
  const plans = await get('/subscription-plans'); await get(`/subscription-plan/${plans.data[0].id}`);
  const passes = await get('/passes'); await get(`/pass/${passes.data[0].id}`); await get(`/pass/${passes.data[0].id}/packages`);
  const vids = await get('/videos'); await get(`/video/${vids.data[0].id}`);
  const v = await get('/vouchers'); await get(`/voucher/${v.data[0].id}`);
  await get('/customers?pageSize=101');
  writeFileSync('/tmp/d/dump.json', JSON.stringify(out, null, 1));
});
