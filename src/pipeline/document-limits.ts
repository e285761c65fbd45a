/**
 * A document refused cheaply, before graphql-js validates it. Validation is where a crafted document costs:
 * the rule that fields of one name can be merged compares every pair of same-named fields of a selection,
 * so 300 repeats of `customers { total }` cost 60 ms of one core and 2,400 fields of one name cost 300, well
 * within the limit of lexical tokens. Here the parsed document is counted instead, in time linear in its
 * size: the fields or fragment spreads of one response name in one selection, the fields in all, the
 * operations and the fragments. Past a bound it is refused with BAD_USER_INPUT naming it; within the bounds,
 * validation stays cheap whatever the shape. Verdicts are remembered per text for a while.
 */
import { Kind, parse, type DocumentNode, type SelectionSetNode } from 'graphql';
import { Invalid } from '../domain/errors.ts';

export interface DocumentBounds {
  /** Lexical tokens (GRAPHQL_MAX_TOKENS): longer documents are not parsed at all. */
  maxTokens: number;
}

/** A response name, or a fragment, selected this often in one selection is refused. */
const MOST_REPEATS = 10;
/** Field selections in the whole document, fragments counted once. */
const MOST_FIELDS = 2_000;
const MOST_OPERATIONS = 50;
const MOST_FRAGMENTS = 200;
const VERDICTS_KEPT = 1_000;
/** Only texts this short are remembered, so the verdicts never hold much memory. */
const LONGEST_KEPT = 10_000;

function problemOf(document: DocumentNode): Invalid | null {
  let operations = 0;
  let fragments = 0;
  let fields = 0;
  const count = (set: SelectionSetNode): Invalid | null => {
    const seen = new Map<string, number>();
    for (const selection of set.selections) {
      let key: string | undefined;
      if (selection.kind === Kind.FIELD) {
        fields++;
        key = selection.alias?.value ?? selection.name.value;
      } else if (selection.kind === Kind.FRAGMENT_SPREAD) {
        key = `...${selection.name.value}`;
      }
      if (key !== undefined) {
        const times = (seen.get(key) ?? 0) + 1;
        if (times > MOST_REPEATS) return new Invalid('query', 'max', `selects ${key} more than ${MOST_REPEATS} times in one selection`);
        seen.set(key, times);
      }
      if (selection.kind !== Kind.FRAGMENT_SPREAD && selection.selectionSet) {
        const inner = count(selection.selectionSet);
        if (inner) return inner;
      }
    }
    return fields > MOST_FIELDS ? new Invalid('query', 'max', `selects more than ${MOST_FIELDS} fields`) : null;
  };
  for (const definition of document.definitions) {
    if (definition.kind === Kind.OPERATION_DEFINITION) operations++;
    else if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments++;
    else continue;
    if (operations > MOST_OPERATIONS) return new Invalid('query', 'max', `holds more than ${MOST_OPERATIONS} operations`);
    if (fragments > MOST_FRAGMENTS) return new Invalid('query', 'max', `holds more than ${MOST_FRAGMENTS} fragments`);
    const problem = count(definition.selectionSet);
    if (problem) return problem;
  }
  return null;
}

export class DocumentLimits {
  readonly #bounds: DocumentBounds;
  readonly #verdicts = new Map<string, Invalid | null>();

  constructor(bounds: DocumentBounds) {
    this.#bounds = bounds;
  }

  /** The reason to refuse this document's text before validation; null to let it on (a syntax error included: Apollo Server says it). */
  problem(source: unknown): Invalid | null {
    if (typeof source !== 'string') return null;
    const known = this.#verdicts.get(source);
    if (known !== undefined) return known;
    let verdict: Invalid | null;
    try {
      verdict = problemOf(parse(source, { maxTokens: this.#bounds.maxTokens, noLocation: true }));
    } catch {
      verdict = null;
    }
    if (source.length <= LONGEST_KEPT) {
      if (this.#verdicts.size >= VERDICTS_KEPT) this.#verdicts.delete(this.#verdicts.keys().next().value!);
      this.#verdicts.set(source, verdict);
    }
    return verdict;
  }
}
