/**
 * Scopes attach to edges of the graph (docs/architecture.md) through the `@scope` directive; the analysis
 * (analysis.ts) says which scope each selected field of an operation needs. REST routes derive the scope
 * they require from it when they are prepared, and every operation, a route's or a client's, is refused
 * whole when its caller lacks one of them (authorise.ts). One source, so the two never drift.
 */
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
