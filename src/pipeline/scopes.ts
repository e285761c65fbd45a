/**
 * Scopes attach to edges of the graph (ARCHITECTURE.md, principle 4) through the `@scope` directive; the
 * analysis (analysis.ts) says which scope each selected field of an operation needs. REST routes derive the
 * scope they require from it when they are prepared, and `/graphql` denies the fields whose scope the caller
 * lacks, answering FORBIDDEN on each while the rest of the result stands. One source, so the two never drift.
 */
import { defaultFieldResolver, type GraphQLFieldResolver, type GraphQLResolveInfo, type GraphQLSchema } from 'graphql';
import { mapSchema, MapperKind } from '@graphql-tools/utils';
import { Forbidden } from '../domain/errors.ts';
import type { ScopeRequirement } from './analysis.ts';

/**
 * The scopes a caller must hold for all of these requirements: every single-scope requirement, plus, for a
 * requirement that several scopes satisfy and none of those already does, its first scope.
 */
export function requiredScopes(requirements: readonly ScopeRequirement[]): string[] {
  const needed = new Set(requirements.filter((r) => r.scopes.length === 1).map((r) => r.scopes[0]!));
  for (const { scopes } of requirements) if (!scopes.some((s) => needed.has(s))) needed.add(scopes[0]!);
  return [...needed].sort();
}

/** The first scope a caller holding `scopes` lacks for these requirements, if any. */
export function missingScope(requirements: readonly ScopeRequirement[], scopes: ReadonlySet<string>): string | undefined {
  return requirements.find((r) => !r.scopes.some((s) => scopes.has(s)))?.scopes[0];
}

/** The fields of an operation a caller holding `scopes` may not see, by requirement path, with the scope each lacks. */
export function deniedFields(requirements: readonly ScopeRequirement[], scopes: ReadonlySet<string>): Map<string, string> {
  const denied = new Map<string, string>();
  for (const { path, scopes: any } of requirements) {
    if (!any.some((s) => scopes.has(s)) && !denied.has(path)) denied.set(path, any[0]!);
  }
  return denied;
}

/** `info.path` as a requirement path: response keys, list positions left out. */
export function pathKey(info: GraphQLResolveInfo): string {
  const keys: string[] = [];
  for (let p: GraphQLResolveInfo['path'] | undefined = info.path; p; p = p.prev) {
    if (typeof p.key === 'string') keys.push(p.key);
  }
  return keys.reverse().join('.');
}

export interface ScopeGuardContext {
  /** Fields of this operation the caller may not see, by requirement path, with the scope they lack. */
  deniedFields?: Map<string, string>;
}

/**
 * The schema with every field resolver wrapped so that a denied field answers FORBIDDEN. Only operations
 * with denied fields run on it; the rest run on the plain schema and pay nothing for the guard.
 */
export function guardScopes(schema: GraphQLSchema): GraphQLSchema {
  return mapSchema(schema, {
    [MapperKind.OBJECT_FIELD]: (field) => {
      const resolve: GraphQLFieldResolver<unknown, ScopeGuardContext> = field.resolve ?? defaultFieldResolver;
      return {
        ...field,
        resolve: (source, args, context, info) => {
          const scope = context?.deniedFields?.get(pathKey(info));
          if (scope) throw new Forbidden(scope);
          return resolve(source, args, context, info);
        },
      };
    },
  });
}
