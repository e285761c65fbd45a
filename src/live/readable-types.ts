/**
 * Which live changes a caller may receive: a change of a type needs the read scope of that type, as the
 * schema's `@scope` on the type says (a `Booking` needs bookings:read, as `booking(id)` does), so the
 * subscription and the queries a screen refetches with never disagree. A change of MANY_CHANGES names no
 * record and goes to every subscriber of the company.
 */
import { GraphQLObjectType, type GraphQLSchema } from 'graphql';
import { LIVE_TABLES, MANY_CHANGES } from '../db/live-changes.ts';
import { Forbidden, Invalid } from '../domain/errors.ts';
import { scopeOf } from '../pipeline/analysis.ts';

/** Type names a subscription may name at most. */
const MOST_TYPES = 50;

export class ReadableTypes {
  /** Each type of live changes, with the scopes that read it (any one of them). */
  readonly #scopes = new Map<string, readonly string[]>();

  constructor(schema: GraphQLSchema) {
    for (const { type } of Object.values(LIVE_TABLES)) {
      const graphqlType = schema.getType(type);
      const scope = graphqlType instanceof GraphQLObjectType ? scopeOf(schema, graphqlType) : null;
      if (!scope) throw new Error(`Live changes of ${type}: the schema has no object type ${type} with a @scope`);
      this.#scopes.set(type, scope.scopes);
    }
  }

  /** Every type of live changes, by name. */
  get names(): string[] {
    return [...this.#scopes.keys()].sort();
  }

  /** Whether a caller holding `scopes` may receive a change of `type`. */
  mayRead(scopes: ReadonlySet<string>, type: string): boolean {
    if (type === MANY_CHANGES) return true;
    return this.#scopes.get(type)?.some((scope) => scopes.has(scope)) ?? false;
  }

  /**
   * The types a subscription receives: those of `requested`, or (null) every type `scopes` can read. A name
   * that is no type of live changes is BAD_USER_INPUT; a type it cannot read, or none at all, FORBIDDEN.
   */
  chosen(scopes: ReadonlySet<string>, requested: readonly string[] | null): ReadonlySet<string> {
    if (requested === null) {
      const readable = this.names.filter((type) => this.mayRead(scopes, type));
      // Any one scope of a type would do: the refusal names the first type's.
      if (!readable.length) throw new Forbidden(this.#scopes.get(this.names[0]!)![0]!);
      return new Set(readable);
    }
    if (requested.length > MOST_TYPES) throw new Invalid('types', 'max', `at most ${MOST_TYPES} types`);
    if (!requested.length) throw new Invalid('types', 'min', 'name at least one type, or leave types out for every type you can read');
    for (const type of requested) {
      const needed = this.#scopes.get(type);
      if (!needed) throw new Invalid('types', 'enum', `${type} is not a type of live changes: one of ${this.names.join(', ')}`);
      if (!this.mayRead(scopes, type)) throw new Forbidden(needed[0]!);
    }
    return new Set(requested);
  }
}
