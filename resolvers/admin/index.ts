/**
 * Webhook administration (the dashboard's Settings, Integrations, Webhooks) for callers holding
 * `webhooks:write`: endpoints, secret rotation, Send Test, the delivery log and redelivery, and the
 * catch-up list of events. Event kinds travel as enum values (`REGISTRATION_CREATED`) here and by their
 * names (`registration.created`) everywhere else. Changes run in the write's transaction (`ctx.em`).
 */
import { webhookEventsAfter } from '../../src/db/webhook-events.ts';
import { CATCH_UP_DEFAULT_PAGE, checkedPageSize, cursorOf, seqOf } from '../../src/domain/catch-up.ts';
import { Invalid } from '../../src/domain/errors.ts';
import { InvalidInput } from '../../src/domain/invalid-input.ts';
import { kindAsEnum, kindOfEnum, payloadOf, type WebhookKind } from '../../src/domain/outbox.ts';
import {
  createWebhook, deleteWebhook, findWebhook, listWebhookDeliveries, listWebhooks, redeliverWebhookEvent, rotateWebhookSecret, setWebhook,
  setWebhookEnabled, updateWebhook, webhookDeliveryPage, type WebhookEndpointView,
} from '../../src/domain/webhook-endpoints.ts';
import { sendTestWebhook } from '../../src/webhooks/send-test.ts';
import type { GraphqlContext } from '../context.ts';
import { listRequest, paged } from '../paging.ts';
import type { Resolvers, WebhookEventKind } from '../generated.ts';

const enumKind = (kind: string) => kindAsEnum(kind as WebhookKind) as WebhookEventKind;

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
const targets = (ctx: GraphqlContext) => ({ allowInsecure: ctx.services.config.WEBHOOK_ALLOW_INSECURE_TARGETS });

export const adminResolvers: Resolvers = {
  Query: {
    webhookEndpoints: async (_root, _args, ctx) => (await listWebhooks(ctx.em, company(ctx))).map(endpointView),
    webhookEndpoint: async (_root, { id }, ctx) => {
      const endpoint = await findWebhook(ctx.em, id);
      return endpoint && endpointView(endpoint);
    },
    webhookDeliveries: (_root, { limit, eventId, endpointId }, ctx) =>
      asGraphql(async () =>
        (await listWebhookDeliveries(ctx.em, company(ctx), { limit: limit ?? 50, eventId, endpointId })).map((d) => ({
          ...d,
          event: enumKind(d.event),
        })),
      ),
    webhookDeliveryLog: async (_root, args, ctx, info) => {
      const request = listRequest(args, info, ctx);
      const { nodes, ...page } = await webhookDeliveryPage(ctx.em, company(ctx), {
        offset: request.page * request.pageSize,
        limit: request.pageSize,
        after: request.after,
        lookAhead: request.lookAhead,
        eventId: args.eventId,
        endpointId: args.endpointId,
      });
      return paged(ctx, request, { ...page, nodes: nodes.map((d) => ({ ...d, event: enumKind(d.event) })), page: request.page, pageSize: request.pageSize });
    },
    webhookEvents: async (_root, { after, first, kinds }, ctx) => {
      const limit = checkedPageSize(first ?? CATCH_UP_DEFAULT_PAGE, 'first');
      const from = after == null ? '0' : seqOf(after, 'after');
      const rows = await webhookEventsAfter(ctx.reads, { after: from, limit: limit + 1, kinds: kinds?.map(kindOfEnum) });
      const nodes = rows.slice(0, limit);
      const last = nodes.at(-1);
      return {
        nodes: nodes.map((row) => ({
          id: row.id,
          event: enumKind(row.kind),
          timestamp: row.createdAt,
          data: payloadOf(row.kind as WebhookKind, row.payload as never),
        })),
        endCursor: last ? cursorOf(last.seq) : (after ?? null),
        hasMore: rows.length > limit,
      };
    },
  },
  Mutation: {
    setWebhookEndpoint: (_root, { input }, ctx) =>
      asGraphql(async () => {
        const { signingSecret, ...endpoint } = await setWebhook(
          ctx.em,
          ctx.services.serverKey,
          { companyId: company(ctx), id: input.id, url: input.url, events: input.events.map(kindOfEnum), enabled: input.enabled },
          targets(ctx),
        );
        return { endpoint: endpointView(endpoint), signingSecret };
      }),
    createWebhookEndpoint: (_root, { input }, ctx) =>
      asGraphql(async () => {
        const { signingSecret, ...endpoint } = await createWebhook(
          ctx.em,
          ctx.services.serverKey,
          { companyId: company(ctx), url: input.url, events: input.events.map(kindOfEnum), enabled: input.enabled },
          targets(ctx),
        );
        return { endpoint: endpointView(endpoint), signingSecret };
      }),
    updateWebhookEndpoint: (_root, { id, input }, ctx) =>
      asGraphql(async () =>
        endpointView(await updateWebhook(ctx.em, id, { url: input.url, events: input.events?.map(kindOfEnum), enabled: input.enabled }, targets(ctx))),
      ),
    rotateWebhookSecret: (_root, { id, overlapHours }, ctx) =>
      asGraphql(async () => {
        const { config, serverKey, clock } = ctx.services;
        const { signingSecret, ...endpoint } = await rotateWebhookSecret(ctx.em, serverKey, id, {
          now: clock.now(),
          overlapHours: overlapHours ?? config.WEBHOOK_SECRET_OVERLAP_HOURS,
        });
        return { endpoint: endpointView(endpoint), signingSecret };
      }),
    setWebhookEndpointEnabled: async (_root, { id, enabled }, ctx) => endpointView(await setWebhookEnabled(ctx.em, id, enabled)),
    deleteWebhookEndpoint: (_root, { id }, ctx) => deleteWebhook(ctx.em, id),
    sendTestWebhook: (_root, { kind, endpointId }, ctx) =>
      asGraphql(async () => {
        const sent = await sendTestWebhook(ctx.services, company(ctx), { kind: kindOfEnum(kind), endpointId });
        return { ...sent, event: enumKind(sent.event) };
      }),
    redeliverWebhookEvent: (_root, { eventId, endpointId }, ctx) =>
      asGraphql(() => redeliverWebhookEvent(ctx.em, company(ctx), { eventId, endpointId }, { retries: ctx.services.config.WEBHOOK_RETRY_DELAYS.length })),
  },
};
