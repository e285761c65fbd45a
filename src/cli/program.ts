/**
 * The admin command line (docs/operations.md, "Admin command line"): `npm run admin -- <command>` runs it
 * through src/cli/admin.ts; `runAdmin` runs it on any settings and streams (`CliIo`).
 * Each command below is one row of that table: its options, the domain operation it runs, and what it
 * prints. Every command takes `--json`.
 */
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { userInfo } from 'node:os';
import { EVERY_TYPE } from '../db/cache-versions.ts';
import { CATCH_UP_TYPES } from '../db/webhook-events.ts';
import { DomainError, type ErrorCode } from '../domain/errors.ts';
import { companyOfCredential } from '../db/callers.ts';
import { inRecordedWrite, recordWrite, recordWriteIn } from '../domain/recorded-writes.ts';
import type { SqlRunner } from '../db/reads.ts';
import { ImportError } from '../bundles/import.ts';
import { httpStatus } from '../pipeline/status.ts';
import { createApiClient, listApiClients, revokeApiClient, rotateClientSecret, setClientScopes } from '../domain/api-clients.ts';
import { listAudit } from '../domain/audit-log.ts';
import { createCompany, listCompanies } from '../domain/companies.ts';
import { createConsoleUser, listConsoleUsers, resetConsoleUserPassword } from '../domain/console-users.ts';
import { createV1Key, listV1Keys, revokeV1Key, rotateV1Key } from '../domain/v1-keys.ts';
import { companyEm, type Db } from '../db/scope.ts';
import { WEBHOOK_KINDS, type WebhookKind } from '../domain/outbox.ts';
import {
  deleteWebhook, listWebhookDeliveries, listWebhooks, redeliverWebhookEvent, rotateWebhookSecret, setWebhookEnabled,
} from '../domain/webhook-endpoints.ts';
import { createLogger } from '../logging.ts';
import { sendTestWebhook } from '../webhooks/send-test.ts';
import { exportFile, importFile } from './bundles.ts';
import type { CliIo } from './io.ts';
import { fields, printResult, reportFailure, SECRET_ONCE, table } from './output.ts';
import { withAdminSession, type AdminSession } from './session.ts';
import { naming, setEndpoint } from './webhooks.ts';

interface Json {
  json?: boolean;
}

/** One run of the program: what it speaks through, and its exit status. */
interface Run {
  io: CliIo;
  code: number;
}

/** Each run by its root command, which every command of the run reaches through its parents. */
const RUNS = new WeakMap<Command, Run>();

function runOf(command: Command): Run {
  let root = command;
  while (root.parent) root = root.parent;
  return RUNS.get(root)!;
}

/** Declares a command that opens a session, runs `work` in it and prints the result as JSON or as `text`. */
function adminCommand<O extends Json, R>(
  parent: Command,
  name: string,
  description: string,
  declare: (command: Command) => Command,
  work: (options: O, session: WriteSession) => Promise<R>,
  text: (result: R, options: O) => string,
): void {
  declare(parent.command(name).description(description))
    .option('--json', 'print one JSON document and nothing else')
    .action(async (options: O, command: Command) => {
      const run = runOf(command);
      try {
        const write = writeOf(command);
        const result = await withAdminSession(run.io.env, (session) =>
          write
            ? recorded(session, write, options as O & Record<string, unknown>, (db, recordIn) => work(options, { ...session, db, io: run.io, recordIn }))
            : work(options, { ...session, db: session.orm, io: run.io }),
        );
        printResult(run.io, result, { json: options.json === true, text: text(result, options) });
      } catch (error) {
        reportFailure(run.io, error, (field) => optionNamed(command, field));
        run.code = 1;
      }
    });
}

/** What a write of the command line changes: the read types whose cached answers it may change. */
interface CliWrite {
  operation: string;
  resourceType: string;
  types: readonly string[];
}

/** The command line's writes, by command; every other command only reads. */
const WRITES: Record<string, readonly string[]> = {
  'company create': [],
  import: [EVERY_TYPE],
  'client create': ['ApiClient'],
  'client scopes': ['ApiClient'],
  'client rotate': ['ApiClient'],
  'client revoke': ['ApiClient'],
  'v1-key create': [],
  'v1-key rotate': [],
  'v1-key revoke': [],
  'webhook set': ['WebhookEndpoint'],
  'webhook rotate': ['WebhookEndpoint'],
  'webhook enable': ['WebhookEndpoint'],
  'webhook disable': ['WebhookEndpoint'],
  'webhook delete': ['WebhookEndpoint', 'WebhookDeliveryAttempt'],
  'webhook test': ['WebhookDeliveryAttempt', ...CATCH_UP_TYPES],
  'webhook redeliver': ['WebhookDeliveryAttempt'],
  'user create': ['ConsoleUser'],
  'user reset-password': ['ConsoleUser'],
};

function writeOf(command: Command): CliWrite | undefined {
  const parent = command.parent && command.parent.parent ? `${command.parent.name()} ` : '';
  const operation = `${parent}${command.name()}`;
  const types = WRITES[operation];
  return types && { operation, resourceType: operation.split(' ')[0]!, types };
}

/**
 * A command's session; `db` is what it writes through: the transaction of its unit of work, for a write. A
 * write on a connection of its own (the import) calls `recordIn` in its transaction before it commits.
 */
type WriteSession = AdminSession & { db: Db; io: CliIo; recordIn?: (runner: SqlRunner) => Promise<void> };

/**
 * Runs a write of the command line as a unit of work of its own (src/domain/recorded-writes.ts): what it
 * writes, the versions of what it changed (so every instance's read caches let go of them) and its audit entry
 * (the command, the operating-system user, the records touched) commit together. A refused command is
 * recorded too, with its code. An import loads the studio on a connection of its own, and is recorded in its
 * transaction (`recordIn`): the studio, the versions and the entry commit together there.
 */
async function recorded<R>(
  session: AdminSession,
  write: CliWrite,
  options: Record<string, unknown>,
  work: (db: Db, recordIn?: (runner: SqlRunner) => Promise<void>) => Promise<R>,
): Promise<R> {
  const { orm, clock } = session;
  const given = typeof options.company === 'string' ? options.company : await companyOfCredential(orm, (options.client ?? options.key) as string | undefined);
  const companyOf = (result: R) => given ?? (result as { id?: string }).id ?? null;
  const entry = { surface: 'cli' as const, actor: `cli:${userInfo().username}`, operation: write.operation, resourceType: write.resourceType, types: write.types, at: clock.now() };
  try {
    // The import writes on a connection of its own, and records itself in that transaction before its commit.
    if (write.types.includes(EVERY_TYPE)) return await work(orm, (runner) => recordWriteIn(runner, { ...entry, companyId: given ?? null, targets: [], status: 200 }));
    return await inRecordedWrite(orm, entry, companyOf, work);
  } catch (error) {
    const code: ErrorCode | 'INTERNAL_SERVER_ERROR' = error instanceof DomainError ? error.code : error instanceof ImportError ? 'BAD_USER_INPUT' : 'INTERNAL_SERVER_ERROR';
    const refusal = { ...entry, targets: [], status: code === 'INTERNAL_SERVER_ERROR' ? 500 : httpStatus(code), errorCode: code };
    // A refused command may name a company that does not exist: its entry then belongs to no company.
    await recordWrite(orm, { ...refusal, companyId: given ?? null })
      .catch(() => recordWrite(orm, { ...refusal, companyId: null }))
      .catch(() => {});
    throw error;
  }
}

/**
 * The option of `command` that a domain field stands for: the field itself (`kind`, `overlapHours` as
 * `--overlap-hours`) or the field without its `Id` (`eventId` is `--event`).
 */
function optionNamed(command: Command, field: string): string | undefined {
  const names = [field, field.replace(/Id$/, '')];
  return command.options.find((option) => names.includes(option.attributeName()) || names.includes(option.name()))?.long;
}

const PASSWORD_ONCE = 'Store the password now: it is not shown again.';

/** The whole of standard input, without its final line break. */
async function passwordFromStdin(io: CliIo): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin()) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

function wholeNumber(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new InvalidArgumentError('must be a whole number, at least 1');
  return Number(value);
}

function wholeOrZero(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('must be a whole number');
  return Number(value);
}

function instant(value: string): Date {
  const at = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(at.getTime())) {
    throw new InvalidArgumentError('must be an ISO 8601 date or datetime, such as 2026-11-01T09:00:00Z');
  }
  return at;
}

function adminProgram(io: CliIo): Command {
  // Set before any command is added, so that every command inherits them: commander's refusals (a missing
  // option) and help go to the run's streams, and end the run instead of the process.
  const program = new Command('admin')
    .description('Administer the booking service: companies, data, API credentials, console users, webhooks, audit log.')
    .showHelpAfterError('(add --help for usage)')
    .exitOverride()
    .configureOutput({ writeOut: (text) => io.out(text), writeErr: (text) => io.err(text) });

  const company = program.command('company').description('companies (tenants)');
  adminCommand<Json & { name: string; timezone: string; currency: string }, { id: string }>(
    company,
    'create',
    'create a company',
    (c) =>
      c
        .requiredOption('--name <name>', 'company name')
        .requiredOption('--timezone <tz>', 'IANA timezone, such as Europe/London')
        .requiredOption('--currency <code>', 'GBP, EUR or USD'),
    (o, { db }) => createCompany(db, { name: o.name, timezone: o.timezone, currency: o.currency }),
    (r, o) => `Created company ${r.id} (${o.name}).`,
  );
  adminCommand(
    company,
    'list',
    'list companies',
    (c) => c,
    (_o: Json, { orm }) => listCompanies(orm),
    (r) => table(r, 'No companies yet: create one with "company create".'),
  );

  adminCommand<Json & { company: string; file: string; newIds?: boolean }, { imported: Record<string, number>; newIds: boolean }>(
    program,
    'import',
    "load an import bundle (docs/import.md) into a company, all or nothing",
    (c) =>
      c
        .requiredOption('--company <id>', 'company id (co_…)')
        .requiredOption('--file <bundle.json>', 'bundle to load')
        .option('--new-ids', "give every record a new id, references following (the default when the bundle's ids are taken in this database)"),
    (o, session) => importFile(session, { companyId: o.company, file: o.file, newIds: o.newIds === true, showProgress: !o.json && session.io.errIsTTY }),
    (r, o) => {
      const ids = !r.newIds ? '' : o.newIds ? ' with new ids' : " with new ids, as the bundle's own are taken in this database";
      return `Imported into ${o.company}${ids}:\n${fields(r.imported)}`;
    },
  );
  adminCommand<Json & { company: string; file: string }, { exported: Record<string, number> }>(
    program,
    'export',
    "write a company's data as an import bundle",
    (c) => c.requiredOption('--company <id>', 'company id (co_…)').requiredOption('--file <out.json>', 'file to write'),
    (o, session) => exportFile(session, { companyId: o.company, file: o.file }),
    (r, o) => `Exported ${o.company} to ${o.file}:\n${fields(r.exported)}`,
  );

  const client = program.command('client').description('M2M API clients (client credentials and scopes)');
  adminCommand(
    client,
    'create',
    'create an API client; prints its secret once',
    (c) =>
      c
        .requiredOption('--company <id>', 'company id (co_…)')
        .requiredOption('--name <name>', 'label')
        .requiredOption('--scopes <scopes>', 'space-separated scopes, such as "customers:read bookings:read"')
        .option('--description <text>', 'free notes')
        .option('--expires-days <days>', 'days until the client expires (default: never)', wholeNumber),
    (o: Json & { company: string; name: string; scopes: string; description?: string; expiresDays?: number }, { db, serverKey, clock }) =>
      createApiClient(db, serverKey, { companyId: o.company, name: o.name, scopes: o.scopes, description: o.description, expiresDays: o.expiresDays }, clock.now()),
    (r) => `${fields(r)}\n\n${SECRET_ONCE}`,
  );
  adminCommand(
    client,
    'list',
    "list a company's API clients (never their secrets)",
    (c) => c.requiredOption('--company <id>', 'company id (co_…)'),
    (o: Json & { company: string }, { orm }) => listApiClients(orm, o.company),
    (r) => table(r, 'No API clients: create one with "client create".'),
  );
  adminCommand(
    client,
    'scopes',
    "replace a client's scopes (the secret stays the same)",
    (c) => c.requiredOption('--client <id>', 'client id (m2m_…)').requiredOption('--scopes <scopes>', 'space-separated scopes'),
    (o: Json & { client: string; scopes: string }, { db }) => setClientScopes(db, o.client, o.scopes),
    (r) => `${fields(r)}\n\nThe next token of this client carries these scopes.`,
  );
  adminCommand(
    client,
    'rotate',
    "issue a new secret; the old one keeps working for CLIENT_SECRET_GRACE_HOURS",
    (c) => c.requiredOption('--client <id>', 'client id (m2m_…)'),
    (o: Json & { client: string }, { db, serverKey, clock, config }) =>
      rotateClientSecret(db, serverKey, o.client, clock.now(), config.CLIENT_SECRET_GRACE_HOURS),
    (r) => `${fields(r)}\n\n${SECRET_ONCE}`,
  );
  adminCommand(
    client,
    'revoke',
    'revoke a client: it can no longer obtain tokens',
    (c) => c.requiredOption('--client <id>', 'client id (m2m_…)'),
    (o: Json & { client: string }, { db, clock }) => revokeApiClient(db, o.client, clock.now()),
    (r) => `Revoked ${r.client_id}.`,
  );

  const v1Key = program.command('v1-key').description('v1 API keys (apiKey and apiSecret)');
  adminCommand(
    v1Key,
    'create',
    'create a v1 API key; prints its secret once',
    (c) => c.requiredOption('--company <id>', 'company id (co_…)').option('--name <name>', 'label'),
    (o: Json & { company: string; name?: string }, { db, serverKey }) => createV1Key(db, serverKey, { companyId: o.company, name: o.name }),
    (r) => `${fields(r)}\n\n${SECRET_ONCE}`,
  );
  adminCommand(
    v1Key,
    'list',
    "list a company's v1 keys (never their secrets)",
    (c) => c.requiredOption('--company <id>', 'company id (co_…)'),
    (o: Json & { company: string }, { orm }) => listV1Keys(orm, o.company),
    (r) => table(r, 'No v1 keys: create one with "v1-key create".'),
  );
  adminCommand(
    v1Key,
    'rotate',
    'issue a new secret; the old one keeps working for CLIENT_SECRET_GRACE_HOURS, tokens issued before stop at once',
    (c) => c.requiredOption('--key <key>', 'the apiKey (key_…)'),
    async (o: Json & { key: string }, { db, serverKey, clock, config }) => {
      const { apiKey, apiSecret } = await rotateV1Key(db, serverKey, o.key, clock.now(), config.CLIENT_SECRET_GRACE_HOURS);
      return { apiKey, apiSecret };
    },
    (r) => `${fields(r)}\n\n${SECRET_ONCE}`,
  );
  adminCommand(
    v1Key,
    'revoke',
    'revoke a v1 key: it obtains no more tokens, and its tokens are refused on their next call',
    (c) => c.requiredOption('--key <key>', 'the apiKey (key_…)'),
    (o: Json & { key: string }, { db, clock }) => revokeV1Key(db, o.key, clock.now()),
    (r) => `Revoked ${r.apiKey}.`,
  );

  const webhook = program.command('webhook').description('webhook endpoints and deliveries');
  const endpointOption = (c: Command) => c.requiredOption('--company <id>', 'company id (co_…)').requiredOption('--endpoint <id>', 'endpoint id (whk_…)');
  adminCommand(
    webhook,
    'set',
    'add a webhook endpoint, or update the one at the same URL; prints its signing secret once',
    (c) =>
      c
        .requiredOption('--company <id>', 'company id (co_…)')
        .requiredOption('--url <url>', 'https:// URL of the receiver')
        .requiredOption('--events <events>', `space-separated, of: ${WEBHOOK_KINDS.join(' ')}`),
    (o: Json & { company: string; url: string; events: string }, session) => setEndpoint(session, o),
    (r) => `${fields(r)}\n\n${SECRET_ONCE}`,
  );
  adminCommand(
    webhook,
    'list',
    "a company's webhook endpoints (never their secrets)",
    (c) => c.requiredOption('--company <id>', 'company id (co_…)'),
    (o: Json & { company: string }, { orm }) => listWebhooks(companyEm(orm, o.company), o.company),
    (r) => table(r, 'No webhook endpoints: add one with "webhook set".'),
  );
  adminCommand(
    webhook,
    'rotate',
    'give an endpoint a new signing secret; the previous one keeps signing during the overlap',
    (c) => endpointOption(c).option('--overlap-hours <hours>', 'hours the previous secret keeps signing (default WEBHOOK_SECRET_OVERLAP_HOURS)', wholeOrZero),
    (o: Json & { company: string; endpoint: string; overlapHours?: number }, { db, serverKey, clock, config }) =>
      naming('endpoint', async () => {
        const rotated = await rotateWebhookSecret(companyEm(db, o.company), serverKey, o.endpoint, {
          now: clock.now(),
          overlapHours: o.overlapHours ?? config.WEBHOOK_SECRET_OVERLAP_HOURS,
        });
        return { id: rotated.id, url: rotated.url, signingSecret: rotated.signingSecret, previousSecretExpiresAt: rotated.previousSecretExpiresAt };
      }),
    (r) => `${fields(r)}\n\n${SECRET_ONCE}`,
  );
  for (const [name, enabled] of [['enable', true], ['disable', false]] as const) {
    adminCommand(
      webhook,
      name,
      enabled ? 'send notifications to an endpoint again' : 'stop sending notifications to an endpoint (due deliveries fail; redeliver later)',
      endpointOption,
      (o: Json & { company: string; endpoint: string }, { db }) =>
        naming('endpoint', async () => {
          const endpoint = await setWebhookEnabled(companyEm(db, o.company), o.endpoint, enabled);
          return { id: endpoint.id, enabled: endpoint.enabled };
        }),
      (r) => `${r.id} ${r.enabled ? 'enabled' : 'disabled'}.`,
    );
  }
  adminCommand(
    webhook,
    'delete',
    'remove an endpoint with its pending deliveries and its delivery log',
    endpointOption,
    (o: Json & { company: string; endpoint: string }, { db }) =>
      naming('endpoint', async () => ({ id: await deleteWebhook(companyEm(db, o.company), o.endpoint), deleted: true })),
    (r) => `Deleted ${r.id}.`,
  );
  adminCommand(
    webhook,
    'test',
    'send a sample event, marked as a test, to one of the company\'s webhook endpoints',
    (c) =>
      c
        .requiredOption('--company <id>', 'company id (co_…)')
        .option('--endpoint <id>', 'which endpoint (default: the newest enabled one)')
        .option('--url <url>', 'which endpoint, by its URL')
        .option('--kind <event>', 'an event kind, such as registration.created (default: the first the endpoint receives)'),
    (o: Json & { company: string; endpoint?: string; url?: string; kind?: string }, session) =>
      naming('endpoint', async () => {
        const sent = await sendTestWebhook({ ...session, logger: createLogger('silent') }, o.company, {
          kind: o.kind as WebhookKind | undefined,
          endpointId: o.endpoint,
          url: o.url,
        });
        const { delivered, status, error, eventId, event, endpointId } = sent;
        return { delivered, status: status ?? 0, ...(!delivered && { error: error ?? `HTTP ${status}` }), eventId, event, endpointId };
      }),
    (r) =>
      r.delivered
        ? `Delivered test ${r.event} ${r.eventId} to ${r.endpointId} (HTTP ${r.status}).`
        : `Not delivered to ${r.endpointId}: ${r.error}. See "webhook deliveries --endpoint ${r.endpointId}".`,
  );
  adminCommand(
    webhook,
    'deliveries',
    'latest webhook delivery attempts, newest first',
    (c) =>
      c
        .requiredOption('--company <id>', 'company id (co_…)')
        .option('--limit <n>', 'how many (default 50)', wholeNumber)
        .option('--event <id>', 'only attempts of this event (whe_…)')
        .option('--endpoint <id>', 'only attempts to this endpoint (whk_…)'),
    (o: Json & { company: string; limit?: number; event?: string; endpoint?: string }, { orm }) =>
      listWebhookDeliveries(companyEm(orm, o.company), o.company, { limit: o.limit, eventId: o.event, endpointId: o.endpoint }),
    (r) => table(r, 'No deliveries yet.'),
  );
  adminCommand(
    webhook,
    'redeliver',
    'send an event again (to the endpoints whose delivery failed, or to --endpoint), with a full retry schedule',
    (c) =>
      c
        .requiredOption('--company <id>', 'company id (co_…)')
        .requiredOption('--event <id>', 'event id (whe_…), as in "webhook deliveries"')
        .option('--endpoint <id>', 'only to this endpoint (whk_…), whatever happened before'),
    (o: Json & { company: string; event: string; endpoint?: string }, { db, config }) =>
      naming(o.endpoint ? 'endpoint' : 'event', () =>
        redeliverWebhookEvent(companyEm(db, o.company), o.company, { eventId: o.event, endpointId: o.endpoint }, { retries: config.WEBHOOK_RETRY_DELAYS.length }),
      ),
    (r) =>
      `Queued ${r.eventId} for ${r.endpointIds.join(', ')}.` +
      (r.superseded.length ? ` The retry waiting for ${r.superseded.join(', ')} is replaced by this attempt.` : ''),
  );

  const user = program.command('user').description('admin console users (owner, admin, staff)');
  adminCommand<Json & { company: string; email: string; role: string; passwordStdin?: boolean }, { email: string; role: string; password?: string }>(
    user,
    'create',
    'add a console user; prints a generated password once (or reads one with --password-stdin)',
    (c) =>
      c
        .requiredOption('--company <id>', 'company id (co_…)')
        .requiredOption('--email <email>', 'the email they sign in with')
        .requiredOption('--role <role>', 'owner (everything, manages users), admin (everything but users) or staff (customers, bookings, appointments, events)')
        .option('--password-stdin', 'read the password from standard input instead of generating one'),
    async (o, { db, io }) => {
      const password = o.passwordStdin ? await passwordFromStdin(io) : undefined;
      const created = await createConsoleUser(db, { companyId: o.company, email: o.email, role: o.role, password });
      return { email: created.user.email, role: created.user.role, ...(created.password !== undefined && { password: created.password }) };
    },
    (r) => (r.password ? `${fields(r)}\n\n${PASSWORD_ONCE}` : `Created ${r.role} ${r.email}.`),
  );
  adminCommand(
    user,
    'list',
    "a company's console users (never their passwords)",
    (c) => c.requiredOption('--company <id>', 'company id (co_…)'),
    async (o: Json & { company: string }, { orm }) =>
      (await listConsoleUsers(orm, o.company)).map(({ email, role, createdAt, lastSignInAt }) => ({ email, role, createdAt, lastSignInAt })),
    (r) => table(r, 'No console users: add one with "user create".'),
  );
  adminCommand(
    user,
    'reset-password',
    "give a console user a new generated password (printed once); their sessions end",
    (c) => c.requiredOption('--company <id>', 'company id (co_…)').requiredOption('--email <email>', 'the user\'s email'),
    async (o: Json & { company: string; email: string }, { db }) => {
      const reset = await resetConsoleUserPassword(db, o.company, { email: o.email });
      return { email: reset.user.email, password: reset.password };
    },
    (r) => `${fields(r)}\n\n${PASSWORD_ONCE}`,
  );

  const audit = program.command('audit').description('the API audit log');
  adminCommand(
    audit,
    'list',
    "a company's audit entries, newest first",
    (c) =>
      c
        .requiredOption('--company <id>', 'company id (co_…)')
        .option('--client <id>', 'only this API client')
        .option('--since <iso>', 'only entries at or after this time', instant)
        .option('--limit <n>', 'how many (default 100)', wholeNumber),
    (o: Json & { company: string; client?: string; since?: Date; limit?: number }, { orm }) =>
      listAudit(orm, { companyId: o.company, client: o.client, since: o.since, limit: o.limit }),
    (r) => table(r, 'No audit entries.'),
  );

  return program;
}

/** Runs the command `argv` (without the program's own name) and gives its exit status. */
export async function runAdmin(argv: readonly string[], io: CliIo): Promise<number> {
  const program = adminProgram(io);
  const run: Run = { io, code: 0 };
  RUNS.set(program, run);
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    // commander has said what was wrong (or shown the help) on the run's stderr (stdout).
    if (error instanceof CommanderError) return error.exitCode;
    reportFailure(io, error);
    return 1;
  }
  return run.code;
}
