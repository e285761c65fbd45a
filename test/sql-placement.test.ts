/**
 * SQL lives in src/db (docs/architecture.md): no string or template literal elsewhere in the service's code
 * (src, rest, resolvers) reads as a statement, and nothing outside src/db runs SQL text on the ORM's
 * connection. Only the bench's hand-written baseline, which measures the service against SQL by hand, has its own.
 *
 * And no parameter is numbered by hand (issue 35): statements are built with Kysely (src/db/query.ts,
 * src/db/shapes.ts), which numbers them, so no literal of the service's code holds a `$1`, nor a `$` right
 * before a template's substitution (`$${first + i}`) in src/db. The replacement pattern of a regular
 * expression (`.replace(re, '$1_$2')`) is no SQL and is left alone. The bench's baseline (bench/) is not scanned.
 *
 * Nor is a statement run as text (issue 35), src/db included: no `em.execute(text, [?, ?])` of the ORM, nor
 * a driver's `client.query(text)`, whose statement is a literal, or a constant of its file holding one. Such a
 * statement is outside the builder and the snapshot (test/db.sql-snapshot.test.ts); the few that must stay
 * text are listed in TEXT_ALLOWED, each with its reason.
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

/** Where a template's substitution stood, in the text `literals` gives a template (each substitution reads as `x`). */
const SUBSTITUTION = 'x';

interface Literal {
  line: number;
  text: string;
  /** The text with each substitution marked by NUL instead, so that `$${n}` can be told from `$x`. */
  marked: string;
  /** The replacement of a regular expression's match, where `$1` is its group. */
  replacement: boolean;
}

/** The replacement of a regular expression literal's match (`.replace(/(a)(b)/, '$1_$2')`), where `$1` is its group. */
const isReplacement = (node: ts.Node) =>
  ts.isCallExpression(node.parent) &&
  node.parent.arguments[1] === node &&
  ts.isRegularExpressionLiteral(node.parent.arguments[0]!) &&
  ts.isPropertyAccessExpression(node.parent.expression) &&
  ['replace', 'replaceAll'].includes(node.parent.expression.name.text);

/** The text of each string and template literal of a file (a template's parts joined), with its line. */
function literals(path: string, text: string): Literal[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: Literal[] = [];
  const visit = (node: ts.Node) => {
    let parts: string[] | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) parts = [node.text];
    else if (ts.isTemplateExpression(node)) parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
    if (parts) {
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      found.push({ line, text: parts.join(SUBSTITUTION), marked: parts.join('\0'), replacement: isReplacement(node) });
    }
    // A template's substitutions are read too: a template may stand inside another's (`${a.replace('?', `$${n}`)}`).
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** A parameter numbered by hand: `$1`, and in src/db (where `$${…}` could only be one) a `$` before a substitution. */
function numberedByHand(literal: Literal, inDb: boolean): boolean {
  if (literal.replacement) return false;
  return /\$\d/.test(literal.text) || (inDb && /\$\0/.test(literal.marked));
}

/** Every literal of the scanned folders, src/db included, with a parameter numbered by hand, as `file:line: text`. */
async function numberedParameters(): Promise<string[]> {
  const found: string[] = [];
  for (const folder of SCANNED) {
    for await (const path of files(join(ROOT, folder))) {
      const name = relative(ROOT, path);
      const inDb = name.startsWith('src/db/');
      for (const literal of literals(path, await readFile(path, 'utf8'))) {
        if (numberedByHand(literal, inDb)) found.push(`${name}:${literal.line}: ${literal.text.slice(0, 80)}`);
      }
    }
  }
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

/** Calls that run a statement given as text: MikroORM's `em.execute(text, params)`, a `pg` client's `query(text, params)`. */
const RUNS_TEXT = new Set(['execute', 'query']);

/** Files that may run a statement written as text, and why it cannot be built. */
const TEXT_ALLOWED: Record<string, string> = {
  'src/db/schema-write.ts':
    'the script that writes src/db/schema.ts (npm run db:schema): it reads information_schema, which is no table of `Database`, and creates and drops its scratch database (DDL on a name it generates)',
};

/** Whether an expression is SQL text: a string or template literal, text joined with `+`, or a `const` of the file holding one. */
function isText(node: ts.Expression, constants: Map<string, ts.Expression>, seen = new Set<string>()): boolean {
  while (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isNonNullExpression(node) || ts.isSatisfiesExpression(node)) node = node.expression;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) return true;
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) return isText(node.left, constants, seen) || isText(node.right, constants, seen);
  if (ts.isIdentifier(node) && !seen.has(node.text)) {
    const value = constants.get(node.text);
    seen.add(node.text);
    return value !== undefined && isText(value, constants, seen);
  }
  return false;
}

/** Each call of a file that runs a statement given as text, as `line: the call's start`. */
function textStatements(path: string, text: string): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const constants = new Map<string, ts.Expression>();
  const calls: ts.CallExpression[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && ts.isVariableDeclarationList(node.parent) && node.parent.flags & ts.NodeFlags.Const) {
      constants.set(node.name.text, node.initializer);
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && RUNS_TEXT.has(node.expression.name.text)) calls.push(node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return calls
    .filter((call) => call.arguments[0] !== undefined && isText(call.arguments[0], constants))
    .map((call) => `${source.getLineAndCharacterOfPosition(call.getStart()).line + 1}: ${call.getText().replace(/\s+/g, ' ').slice(0, 80)}`);
}

/** Every call in the scanned folders, src/db included, that runs a statement given as text, outside TEXT_ALLOWED. */
async function statementsAsText(): Promise<string[]> {
  const found: string[] = [];
  for (const folder of SCANNED) {
    for await (const path of files(join(ROOT, folder))) {
      const name = relative(ROOT, path);
      if (name in TEXT_ALLOWED) continue;
      for (const call of textStatements(path, await readFile(path, 'utf8'))) found.push(`${name}:${call}`);
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

describe('the parameters of a statement', () => {
  it('finds one numbered by hand, as it would find one written anywhere in src', () => {
    const found = (text: string, inDb = true) => literals('x.ts', text).some((literal) => numberedByHand(literal, inDb));
    expect(found("reads.rows('select name from api_client where company_id = $1', [])")).toBe(true);
    expect(found('const sql = `select ${columns} from note n where n.company_id = $1 limit $2`;')).toBe(true);
    expect(found('const keyset = `(a, b) > ($${first}::text, $${first + 1}::text)`;')).toBe(true);
    expect(found("sql.push(` and ${condition.replace('?', `$${first + params.length}`)}`);")).toBe(true);
    expect(found("const name = text.replace(/([a-z0-9])([A-Z])/g, '$1_$2');")).toBe(false);
    expect(found("const url = path.replaceAll(/:(\\w+)/g, '{$1}');")).toBe(false);
    expect(found('const variable = `$${name}`;', false)).toBe(false);
    expect(found('sql`select id from note n where n.company_id = ${p.companyId} limit ${p.limit}`')).toBe(false);
  });

  it('is never numbered by hand in src, rest or resolvers: Kysely numbers them', async () => {
    expect(await numberedParameters()).toEqual([]);
  });
});

describe('a statement run as text', () => {
  it('is found in a call of the ORM or of a driver, as it would be found anywhere in src', () => {
    const found = (text: string) => textStatements('x.ts', text).length > 0;
    expect(found("await em.execute('select pg_advisory_xact_lock(hashtext(?), hashtext(lower(?)))', [companyId, email]);")).toBe(true);
    expect(found('const [row] = await tx.execute<{ id: string }[]>(`select id from booking where company_id = ? limit 1`, [companyId]);')).toBe(true);
    expect(found("await tx.execute('update event_date set cancelled_at = ? where id = ?', [at, id], 'run');")).toBe(true);
    expect(found("const TEXT = 'select id from customer where company_id = ?';\nawait em.execute(TEXT, [companyId]);")).toBe(true);
    expect(found("await em.getConnection().execute('select ' + columns + ' from note', []);")).toBe(true);
    expect(found('await client.query(`create database ${name}`);')).toBe(true);
    expect(found('await executor.execute(operation.document, context, variables, operation.operationName);')).toBe(false);
    expect(found("await db.selectFrom('booking').select('id').execute();")).toBe(false);
    expect(found('await CLASH.first(new EntityManagerRunner(em), { companyId, id });')).toBe(false);
    expect(found('await this.client.query(textOf(sql`begin`));')).toBe(false);
    expect(found('await pool.query(statement.sql, statement.parameters(args));')).toBe(false);
  });

  it('is nowhere in src, rest or resolvers but where TEXT_ALLOWED says why', async () => {
    expect(await statementsAsText()).toEqual([]);
  });

  it('has an allow-list that still holds such a call in each file it names', async () => {
    for (const name of Object.keys(TEXT_ALLOWED)) {
      expect([name, textStatements(name, await readFile(join(ROOT, name), 'utf8')).length > 0]).toEqual([name, true]);
    }
  });
});
