/**
 * What `npm run bench` measures (issue 10): each read with the requests it cycles through, the sample
 * compared byte for byte with the baseline before timing, and the bar its ratio to the baseline must meet.
 * Every request names its dates, so no answer depends on the day the benchmark runs.
 */
import { addDays } from '../src/domain/time.ts';
import { TODAY } from './company.ts';
import type { BenchRequest } from './load.ts';
import { nestedCustomersDocument } from './nested-query.ts';

export interface Measurement {
  /** For `--only`. */
  slug: string;
  name: string;
  /** Whose token the project is called with. */
  surface: 'm2m' | 'v1';
  /**
   * A cache-hit measurement: the project with its cache on, against the same work done by hand
   * (bench/hit-baseline.ts: the token looked up, a per-client counter, the stored bytes, the audit row
   * committed), with bare node:http serving the same bodies as the floor beside it.
   */
  cacheHit: boolean;
  /** The least project/baseline throughput ratio that passes. */
  bar: number;
  /** Cycled through during the timed runs. */
  requests: BenchRequest[];
  /** Compared with the baseline before timing, and counted for SQL statements: at least 20 distinct requests. */
  sample: BenchRequest[];
  /** Compared with the baseline too: requests both must refuse alike (unknown ids). */
  refusals: BenchRequest[];
}

export interface BenchData {
  /** Customers that are not deleted. */
  liveCustomers: number;
  /** Customers with at least one transaction. */
  customersWithTransactions: string[];
  facilitators: string[];
  services: string[];
}

const UNCACHED_BAR = 0.75;
const CACHE_HIT_BAR = 0.7;
const SAMPLE_SIZE = 24;

const get = (path: string): BenchRequest => ({ method: 'GET', path });
const range = (count: number, from = 0) => Array.from({ length: count }, (_, i) => from + i);

/** `count` requests spread evenly over the list. */
function spread<T>(list: T[], count: number): T[] {
  if (list.length <= count) return list;
  return range(count).map((i) => list[Math.floor((i * list.length) / count)]!);
}

/** The list in an order that jumps around it, so neighbouring requests share little (a fixed stride, coprime to the length). */
function scattered<T>(list: T[]): T[] {
  let stride = Math.floor(list.length * 0.618) || 1;
  const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);
  while (gcd(stride, list.length) !== 1) stride++;
  return list.map((_, i) => list[(i * stride) % list.length]!);
}

function measurement(fields: Omit<Measurement, 'sample' | 'refusals'>, refusals: BenchRequest[] = []): Measurement {
  return { ...fields, requests: scattered(fields.requests), sample: spread(fields.requests, SAMPLE_SIZE), refusals };
}

export function measurements(data: BenchData): Measurement[] {
  const nested = (pageSize: number): Measurement =>
    measurement({
      slug: `graphql-nested-${pageSize}`,
      name: `GraphQL customers > transactions > bookings, page of ${pageSize}`,
      surface: 'm2m',
      cacheHit: false,
      bar: UNCACHED_BAR,
      requests: range(Math.floor(data.liveCustomers / pageSize)).map((page) => ({
        method: 'POST',
        path: '/graphql',
        body: JSON.stringify({ query: nestedCustomersDocument(pageSize), variables: { page } }),
      })),
    });
  // Three 31-day ranges: last month (across the October clock change), this month, next month.
  const ranges = [-31, 0, 31].map((days) => addDays(TODAY, days)).map((start) => `start_date=${start}&end_date=${addDays(start, 30)}`);
  const availability = (facilitator: string, dates: string, service?: string) =>
    get(`/m2m/appointments/availability/${facilitator}?${dates}${service ? `&service_id=${service}` : ''}`);
  return [
    nested(100),
    nested(10),
    measurement(
      {
        slug: 'm2m-bookings',
        name: 'M2M GET /customer/{id}/bookings',
        surface: 'm2m',
        cacheHit: false,
        bar: UNCACHED_BAR,
        requests: data.customersWithTransactions.map((id) => get(`/m2m/customer/${id}/bookings?startDate=2026-01-01`)),
      },
      [get('/m2m/customer/cust_unknown/bookings?startDate=2026-01-01')],
    ),
    measurement({
      slug: 'v1-customers',
      name: 'v1 GET /customers',
      surface: 'v1',
      cacheHit: false,
      bar: UNCACHED_BAR,
      requests: range(Math.ceil(data.liveCustomers / 25), 1).map((page) => get(`/api/v1/customers?page=${page}&perPage=25`)),
    }),
    measurement(
      {
        slug: 'availability',
        name: 'M2M availability, 31 days',
        surface: 'm2m',
        cacheHit: false,
        bar: UNCACHED_BAR,
        requests: ranges.flatMap((dates) => data.facilitators.map((id) => availability(id, dates))),
      },
      [availability('fac_unknown', ranges[1]!)],
    ),
    measurement(
      {
        slug: 'availability-service',
        name: 'M2M availability, 31 days, with service_id',
        surface: 'm2m',
        cacheHit: false,
        bar: UNCACHED_BAR,
        requests: ranges.flatMap((dates) => data.facilitators.map((id, i) => availability(id, dates, data.services[i % data.services.length]))),
      },
      [availability(data.facilitators[0]!, ranges[1]!, 'svc_unknown')],
    ),
    measurement({
      slug: 'm2m-customers-hit',
      name: 'M2M GET /customers, cache hit',
      surface: 'm2m',
      cacheHit: true,
      bar: CACHE_HIT_BAR,
      requests: range(SAMPLE_SIZE).map((page) => get(`/m2m/customers?page=${page}`)),
    }),
    measurement({
      slug: 'v1-customers-hit',
      name: 'v1 GET /customers, cache hit',
      surface: 'v1',
      cacheHit: true,
      bar: CACHE_HIT_BAR,
      requests: range(SAMPLE_SIZE, 1).map((page) => get(`/api/v1/customers?page=${page}&perPage=25`)),
    }),
  ];
}
