/**
 * Step 5, execute: operations as the pipeline runs them. A document is prepared once (parsed, validated,
 * analysed): the server's own REST route documents when a surface is mounted, a client's `/graphql` document
 * once per distinct text. A query runs compiled (graphql-jit); a mutation runs with each root field in a
 * savepoint of its write's transaction (src/pipeline/commit.ts), which records the fields that committed.
 */
import { getDirective, mapSchema, MapperKind } from '@graphql-tools/utils';
import {
  OperationTypeNode,
  defaultFieldResolver, execute, getVariableValues, GraphQLError, Kind, parse, validate,
  type DocumentNode, type FragmentDefinitionNode, type ExecutionResult, type GraphQLFieldResolver, type GraphQLSchema, type OperationDefinitionNode,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { DomainError } from '../domain/errors.ts';
import { analyseOperation, operationCost, operationOf, type OperationAnalysis } from './analysis.ts';
import type { GraphqlContext } from './context.ts';
import { databaseUnavailable } from './database.ts';
import { unserialisedLeaf } from './leaf-audit.ts';
import { listsWithParents, readsListsWithParents, type ListsWithParents } from './lists-with-parents.ts';
import { requiredScopes } from './scopes.ts';

export interface PreparedOperation {
  document: DocumentNode;
  analysis: OperationAnalysis;
  /** The scopes a caller must hold to run it whole (what a REST route requires). */
  scopes: string[];
}

/** Parses, validates and analyses a server-owned document; throws on a bad one (so a bad route stops the start). */
export function prepareOperation(schema: GraphQLSchema, source: string, what: string): PreparedOperation {
  const document = parse(source);
  const errors = validate(schema, document);
  if (errors.length) throw new Error(`${what}: invalid document: ${errors.map((e) => e.message).join('; ')}`);
  const analysis = analyseOperation(schema, document);
  if (!analysis) throw new Error(`${what}: the document must hold exactly one operation`);
  return { document, analysis, scopes: requiredScopes(analysis.requirements) };
}

export interface QueryLimits {
  maxDepth: number;
  maxAliases: number;
  maxCost: number;
  /** Lexical tokens a document may have; longer ones are refused while parsing. */
  maxTokens: number;
}

const refusal = (message: string, code: string, extensions: Record<string, unknown> = {}) =>
  new GraphQLError(message, { extensions: { code, ...extensions, http: { status: 400 } } });

/**
 * Refuses a client's operation over the limits: depth, aliases (`__typename` included), and cost weighted
 * by page sizes. The expanded size is checked first: it needs no variables and bounds everything else.
 */
/** Refuses an operation over the limits of QueryLimits; returns its cost. */
export function checkLimits(schema: GraphQLSchema, document: DocumentNode, analysis: OperationAnalysis, variables: Record<string, unknown>, limits: QueryLimits): number {
  if (analysis.fields > limits.maxCost) {
    throw refusal(`The operation selects ${analysis.fields} fields once its fragments are expanded, over the limit of ${limits.maxCost}`, 'QUERY_TOO_COMPLEX', {
      cost: analysis.fields,
      maxCost: limits.maxCost,
    });
  }
  if (analysis.depth > limits.maxDepth) {
    throw refusal(`The operation is ${analysis.depth} fields deep, over the maximum depth of ${limits.maxDepth}`, 'GRAPHQL_VALIDATION_FAILED');
  }
  if (analysis.aliases > limits.maxAliases) {
    throw refusal(`The operation uses ${analysis.aliases} aliases, over the limit of ${limits.maxAliases}`, 'GRAPHQL_VALIDATION_FAILED');
  }
  const cost = operationCost(schema, document, analysis, variables);
  if (cost > limits.maxCost) {
    throw refusal(`The operation costs ${cost}, over the limit of ${limits.maxCost}: ask for smaller pages or fewer fields`, 'QUERY_TOO_COMPLEX', {
      cost,
      maxCost: limits.maxCost,
    });
  }
  return cost;
}

type Compiled = {
  operation: OperationDefinitionNode;
  fragments: FragmentDefinitionNode[];
  query: CompiledQuery;
  /** Compiled to read lists with their parents (src/pipeline/lists-with-parents.ts): their parents' loaders set them. */
  listsWithParents: boolean;
} | null;

export interface ExecutorOptions {
  /**
   * Walk every compiled answer and fail the call on a built-in leaf its resolver did not give as written
   * (src/pipeline/leaf-audit.ts). On under test (NODE_ENV=test): the suite proves what production relies on.
   */
  auditLeaves?: boolean;
}

/**
 * graphql-jit reports errors with a class of its own (no `extensions`); the rest of the pipeline and Apollo
 * Server expect graphql-js errors, so they are rebuilt as such, keeping the error a resolver threw.
 */
function withGraphqlErrors(result: ExecutionResult): ExecutionResult {
  if (!result.errors?.length) return result;
  const errors = result.errors.map((error) =>
    error instanceof GraphQLError && error.extensions
      ? error
      : Object.assign(new GraphQLError(error.message, { path: error.path, originalError: error.originalError ?? undefined, extensions: error.extensions ?? {} }), {
          locations: error.locations,
        }),
  );
  return { ...result, errors };
}

/**
 * The schema with each root mutation field run through the context's savepoint (when the operation runs in
 * a write's transaction), so that a field that fails rolls back only its own work.
 */
function inSavepoints(schema: GraphQLSchema): GraphQLSchema {
  return mapSchema(schema, {
    [MapperKind.MUTATION_ROOT_FIELD]: (field, name) => {
      const resolve: GraphQLFieldResolver<unknown, GraphqlContext> = field.resolve ?? defaultFieldResolver;
      return {
        ...field,
        resolve: (source, args, context: GraphqlContext, info) =>
          context.savepoint ? context.savepoint(name, async () => await resolve(source, args, context, info)) : resolve(source, args, context, info),
      };
    },
  });
}

/**
 * Executes operations. A query is compiled once per document (graphql-jit) into a function that runs it,
 * after graphql-js has checked its variables (so their errors and defaults are graphql-js's own). Built-in
 * scalars and enums are compiled to a plain copy, not serialised: resolvers and rows give them as they are
 * written (numbers for `Int`, strings for `ID`, enum values' names), which the test suite checks on every
 * answer (`auditLeaves`). Serialising them cost a page of 100 customers with their transactions and
 * bookings a quarter of its allocations: graphql-jit builds each leaf's error location and response path
 * before the call, whether or not anything fails. Custom scalars are still serialised. Mutations,
 * and any document the compiler cannot take, run through graphql-js: they are few, each dominated by its
 * writes, and their root fields run one after another, each in its savepoint.
 */
export class Executor {
  readonly schema: GraphQLSchema;
  readonly #writes: GraphQLSchema;
  readonly #compiled = new WeakMap<DocumentNode, Map<string, Compiled>>();
  readonly #invalidates = new Map<string, readonly string[]>();
  readonly #auditLeaves: boolean;
  readonly #listsWithParents: ListsWithParents | undefined;

  constructor(schema: GraphQLSchema, options: ExecutorOptions = {}) {
    this.schema = schema;
    this.#auditLeaves = options.auditLeaves ?? false;
    this.#listsWithParents = listsWithParents(schema);
    this.#writes = inSavepoints(schema);
    for (const [name, field] of Object.entries(schema.getMutationType()?.getFields() ?? {})) {
      this.#invalidates.set(name, (getDirective(schema, field, 'invalidates')?.[0]?.types as string[] | undefined) ?? []);
    }
  }

  async execute(document: DocumentNode, context: GraphqlContext, variables: Record<string, unknown> | undefined, operationName?: string | null): Promise<ExecutionResult> {
    const compiled = this.#compile(document, operationName);
    let result: ExecutionResult;
    if (compiled) {
      const coerced = getVariableValues(this.schema, compiled.operation.variableDefinitions ?? [], variables ?? {});
      if (compiled.listsWithParents) context.listsWithParents = true;
      result = coerced.errors ? { errors: coerced.errors } : withGraphqlErrors(await compiled.query.query(undefined, context, variables ?? {}));
      if (this.#auditLeaves && result.data) {
        const problem = unserialisedLeaf(this.schema, compiled.operation, compiled.fragments, result.data);
        if (problem) throw new Error(`A resolver gave a leaf that serialising would change: ${problem}`);
      }
    } else {
      const schema = context.savepoint ? this.#writes : this.schema;
      result = await execute({ schema, document, contextValue: context, variableValues: variables, operationName: operationName ?? undefined });
    }
    return withDatabaseOutages(result);
  }

  /** The types whose cached reads the committed root mutation fields changed (their `@invalidates`). */
  invalidatedBy(fields: readonly string[]): string[] {
    return [...new Set(fields.flatMap((field) => this.#invalidates.get(field) ?? []))].sort();
  }

  #compile(document: DocumentNode, operationName?: string | null): Compiled {
    let forDocument = this.#compiled.get(document);
    if (!forDocument) this.#compiled.set(document, (forDocument = new Map<string, Compiled>()));
    const key = operationName ?? '';
    let compiled = forDocument.get(key);
    if (compiled === undefined) {
      compiled = null;
      const operation = operationOf(document, operationName);
      if (operation?.operation === OperationTypeNode.QUERY) {
        const lists = this.#listsWithParents;
        const withParents = !!lists && readsListsWithParents(lists, this.schema, document, operation);
        const schema = withParents ? lists.schema : this.schema;
        const made = compileQuery(schema, document, operationName ?? undefined, { customJSONSerializer: false, disableLeafSerialization: true });
        const fragments = document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION);
        if (isCompiledQuery(made)) compiled = { operation, fragments, query: made, listsWithParents: withParents };
      }
      forDocument.set(key, compiled);
    }
    return compiled;
  }
}

/** Errors of a database that is away (src/db/pool.ts) travel as the vocabulary's Unavailable. */
function withDatabaseOutages(result: ExecutionResult): ExecutionResult {
  if (!result.errors?.some((e) => databaseUnavailable(e.originalError))) return result;
  const errors = result.errors.map((error) => {
    const unavailable = databaseUnavailable(error.originalError);
    return unavailable ? new GraphQLError(unavailable.message, { path: error.path, nodes: error.nodes, originalError: unavailable }) : error;
  });
  return { ...result, errors };
}

/** The DomainError behind a GraphQL error, if one is: resolvers throw the vocabulary, and it travels as itself. */
export function domainErrorOf(error: GraphQLError): DomainError | undefined {
  return error.originalError instanceof DomainError ? error.originalError : undefined;
}

