/**
 * Checks HTTP exchanges against an OpenAPI 3.1 document with ajv (JSON Schema 2020-12, OpenAPI 3.1's
 * dialect): finds the operation of a method and concrete path, picks the response of the status (the
 * document's `Error` schema when the operation has none for it; for a method the path does not take, the
 * 405 of the path's operations), follows `$ref`s into the components, and validates the body and the
 * required headers.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ErrorObject, ValidateFunction } from 'ajv';

type Json = Record<string, any>;

/** Problems of one response; empty when it matches the document. */
export type ResponseCheck = (method: string, concretePath: string, status: number, body: unknown, headers?: Headers) => string[];
/** Problems of one request body; empty when the document accepts it. */
export type RequestCheck = (method: string, concretePath: string, body: unknown) => string[];

const SCHEMAS = '#/components/schemas/';
const DOCUMENT_ID = 'openapi.json';
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** The value a local JSON pointer (`#/components/schemas/Customer`) names in the document, if any. */
export function resolvePointer(doc: Json, pointer: string): unknown {
  if (!pointer.startsWith('#/')) return undefined;
  return pointer
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<any>((node, key) => (node && typeof node === 'object' ? node[key] : undefined), doc);
}

/** Every `$ref` of the document that names nothing in it. */
export function unresolvedRefs(doc: Json): string[] {
  const missing: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && (typeof value !== 'string' || resolvePointer(doc, value) === undefined)) missing.push(String(value));
      else visit(value);
    }
  };
  visit(doc);
  return missing;
}

const follow = (doc: Json, value: any): any => {
  let node = value;
  for (let hops = 0; node?.$ref && hops < 10; hops++) node = resolvePointer(doc, node.$ref);
  return node;
};

/** A copy of a schema whose component references point into the document's schemas as ajv holds them. */
function forAjv(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forAjv);
  if (!schema || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith(SCHEMAS) ? `${DOCUMENT_ID}#/$defs/${value.slice(SCHEMAS.length)}` : forAjv(value),
    ]),
  );
}

/** Compiles the document's schemas on demand, each once, with its components resolvable. */
export function schemaCompiler(doc: Json): (schema: unknown) => ValidateFunction {
  // Decimal amounts are `multipleOf: 0.01`; compare with a tolerance, as 25.99 / 0.01 is not exactly whole in floating point.
  const ajv = new Ajv2020.default({ allErrors: true, strict: true, multipleOfPrecision: 9 });
  addFormats.default(ajv);
  // OpenAPI's `discriminator` is an annotation here: each `oneOf` member fixes `method` with `const`.
  ajv.addVocabulary(['discriminator']);
  ajv.addSchema({ $id: DOCUMENT_ID, $defs: forAjv(doc.components?.schemas ?? {}) as Json });
  const compiled = new Map<unknown, ValidateFunction>();
  return (schema) => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(forAjv(schema) as Json);
      compiled.set(schema, validate);
    }
    return validate;
  };
}

/** Every schema of the document (components, parameters, bodies, responses, headers) with where it is. */
export function everySchema(doc: Json): { at: string; schema: unknown }[] {
  const found: { at: string; schema: unknown }[] = [];
  for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) found.push({ at: `${SCHEMAS}${name}`, schema });
  const visit = (node: unknown, at: string): void => {
    if (Array.isArray(node)) return node.forEach((item, i) => visit(item, `${at}/${i}`));
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'schema' && value && typeof value === 'object') found.push({ at: `${at}/schema`, schema: value });
      else if (key !== 'schemas') visit(value, `${at}/${key}`);
    }
  };
  visit(doc.paths, '#/paths');
  visit({ parameters: doc.components?.parameters, headers: doc.components?.headers, responses: doc.components?.responses }, '#/components');
  return found;
}

const explain = (errors: ErrorObject[] | null | undefined): string[] =>
  (errors ?? []).map((e) => {
    const detail = e.params && 'additionalProperty' in e.params ? ` (${e.params.additionalProperty})` : e.params && 'allowedValue' in e.params ? ` (${JSON.stringify(e.params.allowedValue)})` : '';
    return `${e.instancePath || '(body)'} ${e.message}${detail}`;
  });

interface Located {
  /** `METHOD /template`, as `operations` names it. */
  key: string;
  operation: Json | undefined;
  /** Every operation of the path, by method. */
  pathItem: Json;
}

/**
 * The operation of a method on a concrete path (relative to the server, under its base path, or a URL):
 * the first path template it matches, literal segments before parameters.
 */
export function operationLocator(doc: Json): (method: string, concretePath: string) => Located | undefined {
  const base = String(doc.servers?.[0]?.url ?? '').replace(/\/$/, '');
  const templates = Object.keys(doc.paths ?? {})
    .map((template) => ({
      template,
      pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}/]+\}/g, '[^/]+')}$`),
      parameters: (template.match(/\{/g) ?? []).length,
    }))
    .sort((a, b) => a.parameters - b.parameters);
  return (method, concretePath) => {
    let path = new URL(concretePath, 'http://localhost').pathname;
    if (base && (path === base || path.startsWith(`${base}/`))) path = path.slice(base.length) || '/';
    const match = templates.find((t) => t.pattern.test(path));
    const pathItem = doc.paths[match?.template ?? ''];
    return match && { key: `${method.toUpperCase()} ${match.template}`, operation: pathItem[method.toLowerCase()], pathItem };
  };
}

export function responseValidator(doc: Json): ResponseCheck {
  const compile = schemaCompiler(doc);
  const locate = operationLocator(doc);
  const errorSchema = { $ref: `${SCHEMAS}Error` };
  return (method, concretePath, status, body, headers) => {
    const where = `${method.toUpperCase()} ${concretePath} -> ${status}`;
    const located = locate(method, concretePath);
    // A method the path does not take is answered with the 405 that the path's operations document.
    const operation =
      located?.operation ??
      (status === 405 ? HTTP_METHODS.map((m) => located?.pathItem[m]).find((o) => o?.responses?.['405']) : undefined);
    const declared = operation && follow(doc, operation.responses?.[String(status)] ?? operation.responses?.default);
    if (!declared && status < 400) return [`${where}: the document has no such response`];
    const schema = declared ? declared.content?.['application/json']?.schema : errorSchema;
    const problems: string[] = [];
    if (schema) {
      const validate = compile(schema);
      if (!validate(body)) problems.push(...explain(validate.errors));
    } else if (body !== null && body !== '') {
      problems.push('(body) is documented as empty');
    }
    if (headers) {
      for (const [name, definition] of Object.entries<Json>(declared?.headers ?? {})) {
        const header = follow(doc, definition);
        const value = headers.get(name);
        if (value === null) {
          if (header.required) problems.push(`header ${name} is required`);
          continue;
        }
        const typed = header.schema?.type === 'integer' && /^-?\d+$/.test(value) ? Number(value) : value;
        const validate = compile(header.schema ?? {});
        if (!validate(typed)) problems.push(...explain(validate.errors).map((p) => `header ${name}: ${p.replace('(body) ', '')}`));
      }
    }
    return problems.map((problem) => `${where}: ${problem}`);
  };
}

export function requestValidator(doc: Json): RequestCheck {
  const compile = schemaCompiler(doc);
  const locate = operationLocator(doc);
  return (method, concretePath, body) => {
    const where = `${method.toUpperCase()} ${concretePath}`;
    const operation = locate(method, concretePath)?.operation;
    const schema = follow(doc, operation?.requestBody)?.content?.['application/json']?.schema;
    if (!schema) return [`${where}: the document has no JSON request body`];
    const validate = compile(schema);
    return validate(body) ? [] : explain(validate.errors).map((problem) => `${where}: ${problem}`);
  };
}

/** Every operation of the document, as `METHOD /template` with the operation object. */
export function operations(doc: Json): { key: string; method: string; template: string; operation: Json }[] {
  return Object.entries<Json>(doc.paths ?? {}).flatMap(([template, pathItem]) =>
    HTTP_METHODS.filter((method) => pathItem[method]).map((method) => ({ key: `${method.toUpperCase()} ${template}`, method, template, operation: pathItem[method] })),
  );
}

/** Every schema of the document that does not compile under JSON Schema 2020-12, with where it is. */
export function uncompilableSchemas(doc: Json): { failures: string[]; checked: number } {
  const compile = schemaCompiler(doc);
  const schemas = everySchema(doc);
  const failures = schemas.flatMap(({ at, schema }) => {
    try {
      compile(schema);
      return [];
    } catch (error) {
      return [`${at}: ${(error as Error).message}`];
    }
  });
  return { failures, checked: schemas.length };
}

/** The operationIds that are missing or used more than once. */
export function badOperationIds(doc: Json): unknown[] {
  const ids = operations(doc).map((o) => o.operation.operationId);
  return ids.filter((id, i) => typeof id !== 'string' || !id || ids.indexOf(id) !== i);
}
