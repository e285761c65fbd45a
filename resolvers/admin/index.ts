/**
 * Webhook administration (the dashboard's Settings, Integrations, Webhooks) for callers holding
 * `webhooks:write`: endpoints, secret rotation, Send Test, the delivery log and redelivery. Event kinds
 * travel as enum values (`REGISTRATION_CREATED`) here and by their document 2 names everywhere else.
 */
import { Invalid } from '../../src/domain/errors.ts';
import { InvalidInput } from '../../src/domain/invalid-input.ts';
import type { WebhookKind } from '../../src/domain/outbox.ts';
import {
  deleteWebhook, listWebhookDeliveries, listWebhooks, redeliverWebhookEvent, rotateWebhookSecret, setWebhook, setWebhookEnabled,
  type WebhookEndpointView,
} from '../../src/domain/webhook-endpoints.ts';
import { sendTestWebhook } from '../../src/webhooks/send-test.ts';
import type { GraphqlContext } from '../context.ts';
import type { Resolvers, WebhookEventKind } from '../generated.ts';

const enumKind = (kind: string) => kind.toUpperCase().replace('.', '_') as WebhookEventKind;
const kindName = (kind: WebhookEventKind) => kind.toLowerCase().replace('_', '.') as WebhookKind;

const endpointView = (endpoint: WebhookEndpointView) => ({ ...endpoint, events: endpoint.events.map(enumKind) });

/** Bad input named in the arguments' terms, as every GraphQL error of the vocabulary. */
async function asGraphql<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof InvalidInput) throw new Invalid(error.field, 'format', error.detail);
    throw error;
  }
}

const company = (ctx: GraphqlContext) => ctx.caller!.companyId;

export const adminResolvers: Resolvers = {
  Query: {
    webhookEndpoints: async (_root, _args, ctx) => (await listWebhooks(ctx.services.orm, company(ctx))).map(endpointView),
    webhookDeliveries: (_root, { limit, eventId, endpointId }, ctx) =>
      asGraphql(async () =>
        (await listWebhookDeliveries(ctx.services.orm, company(ctx), { limit: limit ?? 50, eventId, endpointId })).map((d) => ({
          ...d,
          event: enumKind(d.event),
        })),
      ),
  },
  Mutation: {
    setWebhookEndpoint: (_root, { input }, ctx) =>
      asGraphql(async () => {
        const { config, orm, serverKey } = ctx.services;
        const { signingSecret, ...endpoint } = await setWebhook(
          orm,
          serverKey,
          { companyId: company(ctx), id: input.id, url: input.url, events: input.events.map(kindName), enabled: input.enabled },
          { allowInsecure: config.WEBHOOK_ALLOW_INSECURE_TARGETS },
        );
        return { endpoint: endpointView(endpoint), signingSecret };
      }),
    rotateWebhookSecret: (_root, { id, overlapHours }, ctx) =>
      asGraphql(async () => {
        const { config, orm, serverKey, clock } = ctx.services;
        const { signingSecret, ...endpoint } = await rotateWebhookSecret(orm, serverKey, company(ctx), id, {
          now: clock.now(),
          overlapHours: overlapHours ?? config.WEBHOOK_SECRET_OVERLAP_HOURS,
        });
        return { endpoint: endpointView(endpoint), signingSecret };
      }),
    setWebhookEndpointEnabled: async (_root, { id, enabled }, ctx) => endpointView(await setWebhookEnabled(ctx.services.orm, company(ctx), id, enabled)),
    deleteWebhookEndpoint: (_root, { id }, ctx) => deleteWebhook(ctx.services.orm, company(ctx), id),
    sendTestWebhook: (_root, { kind, endpointId }, ctx) =>
      asGraphql(async () => {
        const sent = await sendTestWebhook(ctx.services, company(ctx), { kind: kindName(kind), endpointId });
        return { ...sent, event: enumKind(sent.event) };
      }),
    redeliverWebhookEvent: (_root, { eventId, endpointId }, ctx) =>
      asGraphql(() =>
        redeliverWebhookEvent(ctx.services.orm, company(ctx), { eventId, endpointId }, { retries: ctx.services.config.WEBHOOK_RETRY_DELAYS.length }),
      ),
  },
};
