/**
 * SQL lives in src/db (docs/architecture.md): no string or template literal elsewhere in the service's code
 * (src, rest, resolvers) reads as a statement, and nothing outside src/db runs SQL text on the ORM's
 * connection. Only the bench's hand-written baseline, which measures the service against SQL by hand, has its own.
 */
import { describe, expect, it } from '@jest/globals';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import ts from 'typescript';

const ROOT = new URL('..', import.meta.url).pathname;
const SCANNED = ['src', 'rest', 'resolvers'];
/** Where SQL belongs, and generated code. */
const ALLOWED = [/^src\/db\//, /^resolvers\/generated\.ts$/];

/** The start of a statement, or a clause that only SQL has, in a literal's text. */
const SQL = [
  /^\s*(insert\s+into|update\s+"?\w+"?\s+(\w+\s+)?set|delete\s+from|with\s+"?\w+"?\s+as\s*\(|savepoint|release\s+savepoint|rollback|begin|commit|set\s+(local|session)|listen|notify|copy\s|analyze\s|lock\s+table|truncate)\b/i,
  /\bselect\s+(distinct\s+)?([\w."*:$()]+(\s+as\s+"?\w+"?)?\s*,\s*)*[\w."*:$()]+(\s+as\s+"?\w+"?)?\s+from\s+"?[a-z_]+"?/i,
  /\b(insert\s+into|delete\s+from)\s+"?[a-z_]+/i,
  /\bupdate\s+"?[a-z_]+"?\s+(\w+\s+)?set\s+"?\w+"?\s*=/i,
  /\bwhere\b[^.]*\$\d+/i,
  /\bfor\s+(no\s+key\s+)?(update|share|key\s+share)\b(\s+skip\s+locked)?\s*$/i,
];

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.name.endsWith('.ts')) yield path;
  }
}

/** The text of each string and template literal of a file (a template's parts joined), with its line. */
function literals(path: string, text: string): { line: number; text: string }[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: { line: number; text: string }[] = [];
  const visit = (node: ts.Node) => {
    let value: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) value = node.text;
    else if (ts.isTemplateExpression(node)) value = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join('x');
    if (value !== undefined) found.push({ line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: value });
    if (!ts.isTemplateExpression(node)) ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every literal outside src/db that reads as SQL, as `file:line: text`. */
async function sqlOutsideDb(): Promise<string[]> {
  const found: string[] = [];
  for (const folder of SCANNED) {
    for await (const path of files(join(ROOT, folder))) {
      const name = relative(ROOT, path);
      if (ALLOWED.some((allowed) => allowed.test(name))) continue;
      for (const literal of literals(path, await readFile(path, 'utf8'))) {
        if (SQL.some((pattern) => pattern.test(literal.text))) found.push(`${name}:${literal.line}: ${literal.text.slice(0, 80)}`);
      }
    }
  }
  return found;
}

describe('where SQL is written', () => {
  it('finds a statement in a literal, as it would find one written outside src/db', () => {
    const found = (text: string) => literals('x.ts', text).some((literal) => SQL.some((pattern) => pattern.test(literal.text)));
    expect(found("await em.execute('select id from facilitator where id = ? for no key update', [id]);")).toBe(true);
    expect(found('const s = `update "${table}" t set "${column}" = t."${column}" + 1`;')).toBe(true);
    expect(found("client.query('begin')")).toBe(true);
    expect(found("reads.rows('select name from api_client where company_id = $1', [])")).toBe(true);
    expect(found("throw new Invalid('name', 'must be set where the update happens')")).toBe(false);
    expect(found("log.info('select a plan from the list')")).toBe(false);
  });

  it('is src/db only: no SQL text in src, rest or resolvers outside it', async () => {
    expect(await sqlOutsideDb()).toEqual([]);
  });
});
