/**
 * What the `webhook` admin commands add to the domain operations: `webhook set` always prints a signing
 * secret (docs/operations.md), so setting an existing URL again rotates its secret, the previous one signing
 * on for WEBHOOK_SECRET_OVERLAP_HOURS; and an unknown id is reported against the option that named it.
 */
import { companyEm, type Db } from '../db/scope.ts';
import { NotFound } from '../domain/errors.ts';
import { InvalidInput } from '../domain/invalid-input.ts';
import type { WebhookKind } from '../domain/outbox.ts';
import { rotateWebhookSecret, setWebhook } from '../domain/webhook-endpoints.ts';
import type { AdminSession } from './session.ts';

export async function naming<T>(option: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof NotFound) throw new InvalidInput(option, `${error.message.replace(/ not found$/, '')} not found in this company`);
    throw error;
  }
}

export async function setEndpoint(
  { db, serverKey, clock, config }: AdminSession & { db: Db },
  options: { company: string; url: string; events: string },
): Promise<{ id: string; url: string; events: WebhookKind[]; signingSecret: string }> {
  const em = companyEm(db, options.company);
  const endpoint = await setWebhook(
    em,
    serverKey,
    { companyId: options.company, url: options.url, events: options.events },
    { allowInsecure: config.WEBHOOK_ALLOW_INSECURE_TARGETS },
  );
  const signingSecret =
    endpoint.signingSecret ??
    (await rotateWebhookSecret(em, serverKey, endpoint.id, { now: clock.now(), overlapHours: config.WEBHOOK_SECRET_OVERLAP_HOURS }))
      .signingSecret;
  return { id: endpoint.id, url: endpoint.url, events: endpoint.events, signingSecret };
}
