/**
 * `npm run generate -- --customers 20000 [--seed N] [--out FILE] ...`: writes a deterministic demo
 * bundle (src/bundles/demo-data.ts) as JSON to FILE or standard output, and a summary of counts to stderr.
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { CURRENCIES, type Currency } from '../db/entities/access.ts';
import { countRecords, DEMO_TODAY, generateBundle, type DemoOptions } from './demo-data.ts';
import { isLocalDate, isTimeZone } from '../domain/time.ts';

const USAGE = `usage: npm run generate -- --customers N [options]
  --customers N                  customers to generate (required)
  --seed N                       random seed (default 1); the same options give the same bundle
  --today YYYY-MM-DD             reference date that past and upcoming are measured from (default ${DEMO_TODAY})
  --events N                     classes on the weekly timetable (default: enough for the bookings)
  --dates-per-event N            weekly dates of each class, half before today (default 16)
  --bookings-per-customer X      average class bookings per customer (default 6)
  --facilitators N               facilitators (default: enough for the appointments)
  --appointments-per-customer X  average 1:1 appointments per customer (default 0.5)
  --timezone ZONE                time zone of the timetable (default Europe/London)
  --currency GBP|EUR|USD         currency of card payments (default GBP)
  --out FILE                     write the bundle here instead of standard output`;

class UsageError extends Error {}

function number(name: string, text: string | undefined, { integer = true, min = 0 } = {}): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || value < min || (integer && !Number.isInteger(value))) {
    throw new UsageError(`--${name} must be ${integer ? 'a whole number' : 'a number'} >= ${min}, got ${text}`);
  }
  return value;
}

function parse(argv: string[]): { options: DemoOptions; out?: string } {
  const { values } = parseArgs({
    args: argv,
    options: {
      customers: { type: 'string' },
      seed: { type: 'string' },
      today: { type: 'string' },
      events: { type: 'string' },
      'dates-per-event': { type: 'string' },
      'bookings-per-customer': { type: 'string' },
      facilitators: { type: 'string' },
      'appointments-per-customer': { type: 'string' },
      timezone: { type: 'string' },
      currency: { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) throw new UsageError('');
  const customers = number('customers', values.customers);
  if (customers === undefined) throw new UsageError('--customers is required');
  if (values.today !== undefined && !isLocalDate(values.today)) throw new UsageError(`--today must be a date YYYY-MM-DD, got ${values.today}`);
  if (values.timezone !== undefined && !isTimeZone(values.timezone)) throw new UsageError(`--timezone must be an IANA time zone, got ${values.timezone}`);
  if (values.currency !== undefined && !CURRENCIES.includes(values.currency as Currency)) {
    throw new UsageError(`--currency must be one of ${CURRENCIES.join(', ')}, got ${values.currency}`);
  }
  return {
    out: values.out,
    options: {
      customers,
      seed: number('seed', values.seed),
      today: values.today,
      events: number('events', values.events, { min: 1 }),
      datesPerEvent: number('dates-per-event', values['dates-per-event'], { min: 1 }),
      bookingsPerCustomer: number('bookings-per-customer', values['bookings-per-customer'], { integer: false }),
      facilitators: number('facilitators', values.facilitators),
      appointmentsPerCustomer: number('appointments-per-customer', values['appointments-per-customer'], { integer: false }),
      timezone: values.timezone,
      currency: values.currency as Currency | undefined,
    },
  };
}

async function main(): Promise<void> {
  let request;
  try {
    request = parse(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError) && !(error instanceof TypeError)) throw error;
    if (error.message) process.stderr.write(`${error.message}\n`);
    process.stderr.write(`${USAGE}\n`);
    process.exitCode = error.message ? 2 : 0;
    return;
  }
  const bundle = generateBundle(request.options);
  const json = JSON.stringify(bundle);
  if (request.out) await writeFile(request.out, json);
  else await new Promise<void>((resolve, reject) => process.stdout.write(json, (error) => (error ? reject(error) : resolve())));
  const summary = Object.entries(bundle)
    .filter(([, value]) => Array.isArray(value))
    .map(([name, list]) => `${name} ${(list as unknown[]).length}`)
    .join(', ');
  process.stderr.write(`${summary}\n${countRecords(bundle)} records in all${request.out ? `, written to ${request.out}` : ''}\n`);
}

await main();
