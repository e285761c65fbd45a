/**
 * Apollo Federation 2: every entity (`@key(fields: "id")`) resolves by reference through the request's
 * loaders, so a router asking for a hundred customers costs one batched statement; for a router that
 * enforces them (GRAPHQL_FEDERATION_AUTHORIZATION), the subgraph's SDL carries Federation's authorization
 * directives, derived from `@scope`. Clients get the API schema without the federation machinery.
 */
import { filterSchema, pruneSchema } from '@graphql-tools/utils';
import { isSpecifiedDirective, Kind, printSchema, visit, type ConstArgumentNode, type ConstDirectiveNode, type ConstValueNode, type DocumentNode, type GraphQLSchema } from 'graphql';
import type { Loaders } from '../src/db/loaders.ts';
import type { GraphqlContext } from './context.ts';

const entities: Record<string, keyof Loaders> = {
  Customer: 'customer',
  Note: 'note',
  QuestionnaireAnswer: 'answer',
  Transaction: 'transaction',
  Booking: 'booking',
  Event: 'event',
  EventDate: 'eventDate',
  PricingOption: 'pricingOption',
  Appointment: 'appointment',
  Facilitator: 'facilitator',
  Service: 'service',
  Pass: 'pass',
  PassPurchase: 'passPurchase',
  Media: 'media',
  VideoPurchase: 'videoPurchase',
  SubscriptionPlan: 'plan',
  Mandate: 'mandate',
  SubscriptionCharge: 'charge',
  Voucher: 'voucher',
};

export const referenceResolvers = Object.fromEntries(
  Object.entries(entities).map(([type, loader]) => [
    type,
    {
      __resolveReference: async (reference: { id: string }, ctx: GraphqlContext) => {
        const record = (await (ctx.loaders[loader] as { load(id: string): Promise<unknown> }).load(reference.id)) as { deleted?: boolean } | null;
        return record && !record.deleted ? record : null;
      },
    },
  ]),
);

/** The Federation directives a router checks before it plans a query (Federation 2.5's authorization). */
const AUTHORIZATION_IMPORTS = ['@requiresScopes', '@authenticated'];

const directive = (name: string, args: ConstArgumentNode[] = []): ConstDirectiveNode => ({ kind: Kind.DIRECTIVE, name: { kind: Kind.NAME, value: name }, arguments: args });
const list = (values: ConstValueNode[]): ConstValueNode => ({ kind: Kind.LIST, values });
const text = (value: string): ConstValueNode => ({ kind: Kind.STRING, value });

/**
 * The SDL with Federation's authorization mirroring each field's `@scope`, so a router refuses what this
 * subgraph would before planning: `@requiresScopes` with any one of the field's scopes, or `@authenticated`
 * where the scope depends on what is selected below (`whenFieldsSelected`, checked here alone). An entity
 * type's `@scope` (what `_entities` needs) is not mirrored on the type: there it would also guard the type's
 * fields where another scope reaches them (a booking's customer under bookings:read).
 */
export function withFederationAuthorization(document: DocumentNode): DocumentNode {
  return visit(document, {
    SchemaExtension(node) {
      return {
        ...node,
        directives: node.directives?.map((d) => {
          if (d.name.value !== 'link') return d;
          return {
            ...d,
            arguments: d.arguments?.map((a) =>
              a.name.value === 'import' && a.value.kind === Kind.LIST ? { ...a, value: list([...a.value.values, ...AUTHORIZATION_IMPORTS.map(text)]) } : a,
            ),
          };
        }),
      };
    },
    FieldDefinition(node) {
      const scope = node.directives?.find((d) => d.name.value === 'scope');
      if (!scope) return undefined;
      const arg = (name: string) => scope.arguments?.find((a) => a.name.value === name)?.value;
      const whenSelected = arg('whenFieldsSelected');
      if (whenSelected?.kind === Kind.BOOLEAN && whenSelected.value) return { ...node, directives: [...node.directives!, directive('authenticated')] };
      const name = arg('name') as ConstValueNode;
      const anyOf = arg('anyOf');
      const alternatives = [name, ...(anyOf?.kind === Kind.LIST ? anyOf.values : [])].map((scopeName) => list([scopeName]));
      const requires = directive('requiresScopes', [{ kind: Kind.ARGUMENT, name: { kind: Kind.NAME, value: 'scopes' }, value: list(alternatives) }]);
      return { ...node, directives: [...node.directives!, requires] };
    },
  });
}

/** Types a subgraph has for its router alone: representations, the SDL, the entity union, and `@link`'s. */
const FEDERATION_TYPES = /^(_Any|_Service|_Entity|link__\w+|federation__\w+)$/;

/**
 * The API schema as clients see it (GET /graphql/schema.graphql, and what client codegen types): the
 * subgraph without `_entities`, `_service` and their types, `@link`'s and Federation's types, and without
 * directive definitions (Federation's, and this service's own, which describe how it serves a field, not
 * what a client may send). The subgraph's SDL, with all of it, stays on `_service { sdl }`.
 */
export function printApiSchema(schema: GraphQLSchema): string {
  const api = filterSchema({
    schema,
    rootFieldFilter: (_operation, name) => name !== '_entities' && name !== '_service',
    typeFilter: (name) => !FEDERATION_TYPES.test(name),
    directiveFilter: (name) => schema.getDirectives().some((d) => d.name === name && isSpecifiedDirective(d)),
  });
  return `${printSchema(pruneSchema(api))}\n`;
}
