/**
 * The webhook job table (one row per event and endpoint: attempts, retries left, state) as the delivery task
 * of the job queue reads and writes it (src/webhooks/worker.ts). The queue runs one task per job at a time;
 * the attempt is still counted before any request is made, and a result is written only by the attempt
 * that holds the job (`attempts` fences a result that comes back after a killed worker's job was run
 * again). Recording a failed attempt with retries left puts the job back on the queue at its retry's time,
 * in the same statement (the trigger `enqueue_update`, src/db/webhook-queue-triggers.ts).
 */
import type { Pool } from 'pg';
import type { WebhookKind } from '../domain/outbox.ts';
import { sql, statement } from './query.ts';
import { queryOn } from './reads.ts';

/** A job an attempt holds: one attempt of one event to one endpoint, with what it needs to make it. */
export interface ClaimedDelivery {
  jobId: string;
  /** The number of this attempt, from 1. */
  attempt: number;
  retriesLeft: number;
  companyId: string;
  eventId: string;
  kind: WebhookKind;
  payload: Record<string, unknown>;
  isTest: boolean;
  createdAt: Date;
  endpointId: string;
  url: string;
  enabled: boolean;
  events: string[];
  sealedSecret: string;
  /** The previous secret while its overlap lasts, else null. */
  previousSealedSecret: string | null;
}

/** A row of claimJob's statement. */
interface ClaimedRow {
  job_id: string;
  attempts: number;
  retries_left: number;
  company_id: string;
  event_id: string;
  kind: WebhookKind;
  payload: Record<string, unknown> | string;
  is_test: boolean;
  created_ms: string;
  endpoint_id: string;
  url: string;
  enabled: boolean;
  events: string[];
  sealed_secret: string;
  previous_sealed_secret: string | null;
}

const CLAIM = statement('webhookJobs.claim', (p: { jobId: string; leaseSeconds: number }) =>
  sql<ClaimedRow>`with claimed as (
       update webhook_job j set attempts = j.attempts + 1, locked_until = now() + make_interval(secs => ${p.leaseSeconds})
        where j.id = ${p.jobId} and j.state = 'pending'
       returning j.id, j.attempts, j.retries_left, j.company_id, j.event_id, j.endpoint_id
     )
     select c.id::text as job_id, c.attempts, c.retries_left, c.company_id, e.id as event_id, e.kind, e.payload, e.is_test,
            (extract(epoch from e.created_at) * 1000)::text as created_ms,
            p.id as endpoint_id, p.url, p.enabled, p.events, p.sealed_secret,
            case when p.previous_secret_expires_at > now() then p.previous_sealed_secret end as previous_sealed_secret
       from claimed c
       join webhook_event e on e.id = c.event_id
       join webhook_endpoint p on p.id = c.endpoint_id`,
);

/**
 * Takes the job `jobId` for an attempt, for `leaseSeconds` (a redelivery meanwhile is refused as under way),
 * and counts the attempt; null when it is no longer pending (delivered, failed, or its endpoint deleted).
 */
export async function claimJob(pool: Pool, jobId: string, leaseSeconds: number): Promise<ClaimedDelivery | null> {
  const { rows } = await queryOn(pool, CLAIM, { jobId, leaseSeconds });
  return rows.map((row): ClaimedDelivery => ({
    jobId: row.job_id,
    attempt: Number(row.attempts),
    retriesLeft: Number(row.retries_left),
    companyId: row.company_id,
    eventId: row.event_id,
    kind: row.kind,
    payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as Record<string, unknown>) : row.payload,
    isTest: row.is_test,
    createdAt: new Date(Math.round(Number(row.created_ms))),
    endpointId: row.endpoint_id,
    url: row.url,
    enabled: row.enabled,
    events: row.events,
    sealedSecret: row.sealed_secret,
    previousSealedSecret: row.previous_sealed_secret ?? null,
  }))[0] ?? null;
}

export type AttemptResult =
  | { state: 'delivered' | 'failed' }
  | { state: 'pending'; retryInSeconds: number };

interface AttemptArgs {
  jobId: string;
  attempt: number;
  state: AttemptResult['state'];
  /** Seconds to the retry; null when the job is delivered or failed. */
  retryIn: number | null;
  status: number | null;
  error: string | null;
  durationMs: number;
  at: Date;
}

const RECORD_ATTEMPT = statement('webhookJobs.recordAttempt', (p: AttemptArgs) =>
  sql<Record<string, unknown>>`with finished as (
       update webhook_job
          set state = ${p.state},
              retries_left = case when ${p.retryIn}::float8 is null then retries_left else retries_left - 1 end,
              next_attempt_at = case when ${p.retryIn}::float8 is null then next_attempt_at else now() + make_interval(secs => ${p.retryIn}::float8) end,
              locked_until = null
        where id = ${p.jobId} and attempts = ${p.attempt} and state = 'pending'
       returning company_id, event_id, endpoint_id, attempts
     )
     insert into webhook_delivery (company_id, event_id, endpoint_id, attempt, status_code, error, duration_ms, at)
     select company_id, event_id, endpoint_id, attempts, ${p.status}, ${p.error}, ${p.durationMs}, ${p.at} from finished`,
);

/**
 * Writes the attempt into the delivery log and moves its job on, in one statement; false (and nothing
 * written) when this attempt no longer holds the job.
 */
export async function recordAttempt(
  pool: Pool,
  delivery: Pick<ClaimedDelivery, 'jobId' | 'attempt'>,
  attempt: { status: number | null; error: string | null; durationMs: number; at: Date },
  result: AttemptResult,
): Promise<boolean> {
  const retryIn = result.state === 'pending' ? result.retryInSeconds : null;
  const { rowCount } = await queryOn(pool, RECORD_ATTEMPT, {
    jobId: delivery.jobId, attempt: delivery.attempt, state: result.state, retryIn,
    status: attempt.status, error: attempt.error, durationMs: attempt.durationMs, at: attempt.at,
  });
  return rowCount === 1;
}
