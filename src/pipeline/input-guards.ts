/**
 * Input that the service cannot take is refused at the door of every surface with 400 naming the field,
 * before anything acts on it:
 * - JSON nested deeper than MAX_JSON_DEPTH, counted in the raw bytes so that no recursive walk (hashing a
 *   body for its idempotency key, validation, the cache key) ever meets it;
 * - NUL characters (U+0000), which PostgreSQL's text types refuse, and lone UTF-16 surrogates (`"\ud800"`),
 *   which `jsonb` and UTF-8 refuse, in path and query parameters, JSON bodies, and GraphQL variables and
 *   string literals.
 * A NUL that slips past these still ends as a 400: the database's own refusal becomes the same Invalid.
 */
import { BREAK, Kind, visit, type ASTNode, type DocumentNode } from 'graphql';
import { Invalid } from '../domain/errors.ts';

/** Far deeper than any request of the three surfaces needs (a v1 event date inside a GraphQL input is 5 deep). */
export const MAX_JSON_DEPTH = 32;

const NUL = '\u0000';
const NUL_RULE = 'must not contain NUL characters (U+0000)';
const SURROGATE_RULE = 'must be well-formed Unicode text (a lone surrogate such as \\ud800 is not a character)';

/** Why PostgreSQL could not store this text (a NUL, or a lone UTF-16 surrogate, which `jsonb` and UTF-8 refuse); null when it can. */
function textProblem(text: string): string | null {
  if (text.includes(NUL)) return NUL_RULE;
  return text.isWellFormed() ? null : SURROGATE_RULE;
}

const unstorableText = (text: string) => text.includes(NUL) || !text.isWellFormed();
const TOO_DEEP = `is nested deeper than ${MAX_JSON_DEPTH} levels`;

/** A JSON body refused by the parser's verify step; an HTTP error of status 400 to Express. */
export class JsonTooDeep extends Error {
  readonly status = 400;
  readonly expose = true;
  readonly type = 'entity.too.deep';
  readonly invalid = new Invalid('body', 'max', TOO_DEEP);
  constructor() {
    super(`body: ${TOO_DEEP}`);
  }
}

/** body-parser's `verify` step: counts `[` and `{` outside strings in the raw UTF-8 bytes. */
export function refuseDeepJson(_req: unknown, _res: unknown, body: Buffer): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const byte = body[i];
    if (inString) {
      if (byte === 0x5c) i++;
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) {
      inString = true;
    } else if (byte === 0x5b || byte === 0x7b) {
      if (++depth > MAX_JSON_DEPTH) throw new JsonTooDeep();
    } else if (byte === 0x5d || byte === 0x7d) {
      depth--;
    }
  }
}

const readable = (name: string) => name.replaceAll(NUL, '\\u0000');

/**
 * The first problem of a parsed JSON value (a body, GraphQL variables, a query): a string or key with a
 * NUL, or nesting deeper than MAX_JSON_DEPTH. Fields are named as bodies name them (`dates[0].name`).
 * Breadth first, without recursion, so any value can be walked.
 */
export function inputProblem(value: unknown, name = ''): Invalid | null {
  if (!suspect(value, 0)) return null;
  const queue: Array<[unknown, string, number]> = [[value, name, 0]];
  for (let next = 0; next < queue.length; next++) {
    const [item, field, depth] = queue[next]!;
    if (typeof item === 'string') {
      const problem = textProblem(item);
      if (problem) return new Invalid(field || 'body', 'format', problem);
    } else if (item && typeof item === 'object') {
      if (depth >= MAX_JSON_DEPTH) return new Invalid(field || 'body', 'max', TOO_DEEP);
      if (Array.isArray(item)) {
        item.forEach((element, index) => queue.push([element, `${field}[${index}]`, depth + 1]));
      } else {
        for (const [key, element] of Object.entries(item)) {
          const path = field ? `${field}.${readable(key)}` : readable(key);
          const problem = textProblem(key);
          if (problem) return new Invalid(path, 'format', `${problem} in its name`);
          queue.push([element, path, depth + 1]);
        }
      }
    }
  }
  return null;
}

/**
 * Whether a value may hold a problem: a NUL in a string or key, or nesting that reaches MAX_JSON_DEPTH. It
 * walks without naming anything, so the common value (none) costs no allocation; a suspect one is walked
 * again by `inputProblem` to name the field. Recursion stops at MAX_JSON_DEPTH.
 */
function suspect(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return unstorableText(value);
  if (!value || typeof value !== 'object') return false;
  if (depth >= MAX_JSON_DEPTH) return true;
  if (Array.isArray(value)) {
    for (const element of value) if (suspect(element, depth + 1)) return true;
    return false;
  }
  for (const key of Object.keys(value)) {
    if (unstorableText(key) || suspect((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

/** The name of the path parameter at `index` of a request's path, from the surface's route paths. */
function pathParameterName(segments: string[], index: number, routePaths: readonly string[]): string {
  for (const routePath of routePaths) {
    const pattern = routePath.split('/');
    if (pattern.length !== segments.length || !pattern[index]!.startsWith(':')) continue;
    if (pattern.every((part, i) => part.startsWith(':') || part === segments[i])) return pattern[index]!.slice(1);
  }
  return 'path';
}

/** The first path segment holding a NUL, named as the surface's route paths name it. */
export function pathProblem(path: string, routePaths: readonly string[]): Invalid | null {
  // A request line cannot carry a NUL itself: only `%00` decodes to one (an overlong form does not decode).
  if (!path.includes('%00')) return null;
  const segments = path.split('/').map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  });
  const index = segments.findIndex((segment) => segment.includes(NUL));
  return index < 0 ? null : new Invalid(pathParameterName(segments, index, routePaths), 'format', NUL_RULE);
}

/** Where a string literal sits: `argument.field` of its argument and input fields, or `$variable` for a default. */
function literalName(ancestors: ReadonlyArray<ASTNode | ReadonlyArray<ASTNode> | undefined>): string {
  const names: string[] = [];
  for (const node of ancestors) {
    if (!node) continue;
    if (Array.isArray(node)) continue;
    const named = node as ASTNode;
    if (named.kind === Kind.ARGUMENT || named.kind === Kind.OBJECT_FIELD) names.push(named.name.value);
    else if (named.kind === Kind.VARIABLE_DEFINITION) names.push(`$${named.variable.name.value}`);
  }
  return names.join('.') || 'query';
}

const literalProblems = new WeakMap<DocumentNode, Invalid | null>();

/** The first string literal with a NUL; remembered per document (Apollo Server keeps parsed documents). */
export function literalProblem(document: DocumentNode): Invalid | null {
  let known = literalProblems.get(document);
  if (known === undefined) literalProblems.set(document, (known = findLiteralProblem(document)));
  return known;
}

function findLiteralProblem(document: DocumentNode): Invalid | null {
  let problem: Invalid | null = null;
  visit(document, {
    StringValue(node, _key, parent, _path, ancestors) {
      const rule = textProblem(node.value);
      if (!rule) return undefined;
      problem = new Invalid(literalName([...ancestors, parent]), 'format', rule);
      return BREAK;
    },
  });
  return problem;
}

/**
 * PostgreSQL's refusal of text it cannot store (22021 invalid byte sequence, 22P05 untranslatable
 * character, and 08P01, which is how a NUL inside a statement the driver has inlined arrives) as the
 * Invalid it is; any other error is returned as it came.
 */
export function unstorableTextAsInvalid(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '22021' || code === '22P05' || code === '08P01'
    ? new Invalid('input', 'format', 'holds characters that cannot be stored (such as NUL)')
    : error;
}
