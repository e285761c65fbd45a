/**
 * The admin console's own graph: who is signed in, sign-in and sign-out, API clients, the audit log, console
 * users and the webhook secret reveal. Each operation is the domain's (the admin CLI runs the same ones),
 * limited to the caller's company; what a role may do is its scopes (src/domain/console-users.ts).
 */
import { apiClientDetails, createApiClient, revokeApiClient, rotateClientSecret, setClientScopes, type ApiClientDetails } from '../../src/domain/api-clients.ts';
import { auditActor, searchAudit } from '../../src/domain/audit-log.ts';
import { auditActors } from '../../src/db/audit-actors.ts';
import {
  createConsoleUser, listConsoleUsers, removeConsoleUser, resetConsoleUserPassword, ROLE_SCOPES, setConsoleUserRole, type ConsoleUserView,
} from '../../src/domain/console-users.ts';
import { Invalid, NotFound } from '../../src/domain/errors.ts';
import { InvalidInput } from '../../src/domain/invalid-input.ts';
import { SCOPE_CATALOGUE } from '../../src/domain/scopes.ts';
import { createV1Key, listV1Keys, revokeV1Key, rotateV1Key } from '../../src/domain/v1-keys.ts';
import { revealWebhookSecret } from '../../src/domain/webhook-endpoints.ts';
import { AUDIT_RETENTION_DAYS } from '../../src/pipeline/audit.ts';
import type { ConsoleIdentity } from '../../src/pipeline/console.ts';
import type { GraphqlContext } from '../context.ts';
import { listRequest, paged } from '../paging.ts';
import type { ConsoleRole, ConsoleUser, Resolvers } from '../generated.ts';

const company = (ctx: GraphqlContext) => ctx.caller!.companyId;

/** The console's exchange: every /graphql request has one. */
const exchange = (ctx: GraphqlContext) => {
  if (!ctx.console) throw new Error('no console exchange on this request');
  return ctx.console;
};

/** Domain field names as the arguments name them, so BAD_USER_INPUT points at what the console sent. */
async function asArguments<T>(names: Record<string, string>, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof InvalidInput && names[error.field]) throw new Invalid(names[error.field]!, error.rule, error.detail);
    throw error;
  }
}

const roleName = (role: ConsoleRole) => role.toLowerCase();

function consoleUser(ctx: GraphqlContext, user: ConsoleUserView, company: { name: string; timezone: string; currency: string }, csrfToken = ''): ConsoleUser {
  return {
    ...user,
    now: ctx.services.clock.now(),
    role: user.role.toUpperCase() as ConsoleRole,
    companyName: company.name,
    companyTimezone: company.timezone,
    companyCurrency: company.currency,
    scopes: [...ROLE_SCOPES[user.role]].sort(),
    csrfToken,
  };
}

const me = (ctx: GraphqlContext, identity: ConsoleIdentity) =>
  consoleUser(ctx, identity.user, { name: identity.companyName, timezone: identity.companyTimezone, currency: identity.companyCurrency }, identity.csrfToken);

async function clientView(ctx: GraphqlContext, id: string): Promise<ApiClientDetails> {
  const [client] = await apiClientDetails(ctx.em, company(ctx), ctx.services.clock.now(), [id]);
  if (!client) throw new NotFound('API client');
  return client;
}

const CLIENT_FIELDS = { client: 'id', scopes: 'scopes', name: 'input.name', 'expires-days': 'input.expiresInDays' };
const V1_KEY_FIELDS = { key: 'apiKey' };

/** The company's v1 keys as the graph shows them (dates as dates). */
const v1KeysOf = async (ctx: GraphqlContext) =>
  (await listV1Keys(ctx.em, company(ctx))).map((key) => ({ ...key, createdAt: new Date(key.createdAt), lastUsedAt: key.lastUsedAt ? new Date(key.lastUsedAt) : null }));

async function v1KeyView(ctx: GraphqlContext, apiKey: string) {
  const key = (await v1KeysOf(ctx)).find((summary) => summary.apiKey === apiKey);
  if (!key) throw new NotFound('v1 key');
  return key;
}

export const consoleResolvers: Resolvers = {
  Query: {
    me: (_root, _args, ctx) => {
      const identity = ctx.console?.identity;
      return identity && ctx.caller?.kind === 'console' ? me(ctx, identity) : null;
    },
    scopeCatalogue: () => SCOPE_CATALOGUE.map((scope) => ({ ...scope })),
    apiClients: async (_root, { includeRevoked }, ctx) => {
      const clients = await apiClientDetails(ctx.services.orm, company(ctx), ctx.services.clock.now());
      return includeRevoked === false ? clients.filter((client) => !client.revoked) : clients;
    },
    auditLog: async (_root, args, ctx, info) => {
      const { filter } = args;
      const request = listRequest(args, info, ctx);
      if (filter?.from && filter.to && filter.from >= filter.to) throw new Invalid('filter.to', 'min', 'must be after filter.from');
      const { rows, ...page } = await searchAudit(ctx.services.orm, company(ctx), filter ?? {}, {
        offset: request.page * request.pageSize,
        limit: request.pageSize,
        after: request.after,
        lookAhead: request.lookAhead,
      });
      return paged(ctx, request, { items: rows, ...page, page: request.page, pageSize: request.pageSize, retentionDays: AUDIT_RETENTION_DAYS });
    },
    auditActors: (_root, _args, ctx) => auditActors(ctx.em, company(ctx)),
    v1Keys: (_root, _args, ctx) => v1KeysOf(ctx),
    consoleUsers: async (_root, _args, ctx) => {
      const own = await ctx.company();
      return (await listConsoleUsers(ctx.services.orm, company(ctx))).map((user) => consoleUser(ctx, user, own));
    },
  },
  AuditEntry: {
    actor: auditActor,
    clientId: (row) => row.client,
  },

  Mutation: {
    signIn: async (_root, { email, password }, ctx) => me(ctx, await exchange(ctx).signIn(email, password)),
    signOut: async (_root, _args, ctx) => {
      await exchange(ctx).signOut();
      return true;
    },
    createApiClient: (_root, { input }, ctx) =>
      asArguments(CLIENT_FIELDS, async () => {
        const { serverKey, clock } = ctx.services;
        const created = await createApiClient(
          ctx.em,
          serverKey,
          {
            companyId: company(ctx),
            name: input.name,
            description: input.description ?? undefined,
            scopes: input.scopes.join(' '),
            expiresDays: input.expiresInDays ?? undefined,
          },
          clock.now(),
        );
        return { client: await clientView(ctx, created.client_id), secret: created.client_secret };
      }),
    setApiClientScopes: (_root, { id, scopes }, ctx) =>
      asArguments(CLIENT_FIELDS, async () => {
        await setClientScopes(ctx.em, id, scopes.join(' '), company(ctx));
        return clientView(ctx, id);
      }),
    rotateApiClientSecret: (_root, { id }, ctx) =>
      asArguments(CLIENT_FIELDS, async () => {
        const { serverKey, clock, config } = ctx.services;
        const rotated = await rotateClientSecret(ctx.em, serverKey, id, clock.now(), config.CLIENT_SECRET_GRACE_HOURS, company(ctx));
        return { client: await clientView(ctx, id), secret: rotated.client_secret };
      }),
    revokeApiClient: (_root, { id }, ctx) =>
      asArguments(CLIENT_FIELDS, async () => {
        await revokeApiClient(ctx.em, id, ctx.services.clock.now(), company(ctx));
        return clientView(ctx, id);
      }),
    createV1Key: async (_root, { name }, ctx) => {
      const created = await createV1Key(ctx.em, ctx.services.serverKey, { companyId: company(ctx), name: name ?? undefined });
      return { key: await v1KeyView(ctx, created.apiKey), apiSecret: created.apiSecret, previousSecretValidUntil: null };
    },
    rotateV1Key: (_root, { apiKey }, ctx) =>
      asArguments(V1_KEY_FIELDS, async () => {
        const { serverKey, clock, config } = ctx.services;
        const rotated = await rotateV1Key(ctx.em, serverKey, apiKey, clock.now(), config.CLIENT_SECRET_GRACE_HOURS, company(ctx));
        return { key: await v1KeyView(ctx, apiKey), apiSecret: rotated.apiSecret, previousSecretValidUntil: rotated.previousSecretValidUntil };
      }),
    revokeV1Key: (_root, { apiKey }, ctx) =>
      asArguments(V1_KEY_FIELDS, async () => {
        await revokeV1Key(ctx.em, apiKey, ctx.services.clock.now(), company(ctx));
        return v1KeyView(ctx, apiKey);
      }),
    revealWebhookSecret: (_root, { id }, ctx) => revealWebhookSecret(ctx.services.orm, ctx.services.serverKey, company(ctx), id),
    createConsoleUser: async (_root, { email, role }, ctx) => {
      const created = await createConsoleUser(ctx.em, { companyId: company(ctx), email, role: roleName(role) });
      return { user: consoleUser(ctx, created.user, await ctx.company()), password: created.password! };
    },
    setConsoleUserRole: async (_root, { id, role }, ctx) =>
      consoleUser(ctx, await setConsoleUserRole(ctx.em, company(ctx), id, roleName(role)), await ctx.company()),
    resetConsoleUserPassword: async (_root, { id }, ctx) => {
      const reset = await resetConsoleUserPassword(ctx.em, company(ctx), { id });
      return { user: consoleUser(ctx, reset.user, await ctx.company()), password: reset.password };
    },
    removeConsoleUser: (_root, { id }, ctx) => removeConsoleUser(ctx.em, company(ctx), id),
  },
};
