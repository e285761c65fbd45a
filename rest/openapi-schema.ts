/** The small vocabulary both OpenAPI documents (rest/m2m/openapi.ts, rest/v1/openapi.ts) are written in. */
import { DATE_RANGE_TEXT } from '../src/domain/time.ts';
import { z } from 'zod';
import type { Route } from './route.ts';

export type Schema = Record<string, unknown>;

export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
export const str = (description?: string, extra: Schema = {}): Schema => ({ type: 'string', ...(description && { description }), ...extra });
export const int = (description?: string, extra: Schema = {}): Schema => ({ type: 'integer', ...(description && { description }), ...extra });
export const bool = (description?: string): Schema => ({ type: 'boolean', ...(description && { description }) });
export const nullable = (schema: Schema): Schema => ({ ...schema, type: [schema.type, 'null'] });
export const constant = (value: string, description?: string): Schema => ({ type: 'string', const: value, ...(description && { description }) });
export const enumOf = (values: readonly string[], description?: string): Schema => ({ type: 'string', enum: values, ...(description && { description }) });
export const array = (items: Schema, description?: string, extra: Schema = {}): Schema => ({ type: 'array', items, ...(description && { description }), ...extra });
export const count = (description: string): Schema => int(description, { minimum: 0 });

/** A date that a request gives: `YYYY-MM-DD` within the dates the service accepts (400 outside them). */
export const dateInput = (description: string): Schema => str(`${description} \`YYYY-MM-DD\`, ${DATE_RANGE_TEXT}.`, { format: 'date' });
/** An instant that a request gives, with offset, within the same dates. */

/** An object with exactly these properties, every one always present except the `optional` ones. */
export function object(properties: Record<string, Schema>, description?: string, optional: string[] = []): Schema {
  return {
    type: 'object',
    ...(description && { description }),
    properties,
    required: Object.keys(properties).filter((name) => !optional.includes(name)),
    additionalProperties: false,
  };
}

/** A request body of only the listed fields: the `required` ones, or else at least one. */
export function input(properties: Record<string, Schema>, description: string, required: string[] = []): Schema {
  return { type: 'object', description, properties, ...(required.length ? { required } : { minProperties: 1 }), additionalProperties: false };
}

/** The JSON Schema of one of the domain's rules (src/domain/input-rules.ts). */
export function ruleSchema(rule: z.ZodType): Schema {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(rule);
  return schema;
}

/**
 * Component schemas of request bodies, from the zod schemas the routes parse them with (keyed by
 * component name); a body that holds another of them refers to it.
 */
export function bodySchemas(bodies: Record<string, z.ZodType>): Record<string, Schema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(bodies)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, { uri: (id) => `#/components/schemas/${id}`, io: 'input' });
  return Object.fromEntries(Object.entries(schemas).map(([id, { $schema: _dialect, $id: _id, ...schema }]) => [id, schema]));
}

export const prefixedId = (prefix: string, what: string): Schema =>
  str(`${what}: a \`${prefix}\` id.`, { pattern: `^${prefix}`, examples: [`${prefix}01jzp7pt00yndamntynwer2t34`] });

export const json = (schema: Schema) => ({ 'application/json': { schema } });
export const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });
export const responseRef = (name: string) => ({ $ref: `#/components/responses/${name}` });
export const parameterRef = (name: string) => ({ $ref: `#/components/parameters/${name}` });
export const queryParameter = (name: string, schema: Schema, description: string) => ({ name, in: 'query', required: false, description, schema });
export const openApiPath = (expressPath: string) => expressPath.replace(/:(\w+)/g, '{$1}');
export const pathParameterNames = (expressPath: string) => [...expressPath.matchAll(/:(\w+)/g)].map((match) => match[1]!);

/** Who answers for both interfaces, and on what terms (the `info` of both documents). */
export const CONTACT = { name: 'The service\'s support team' };
export const LICENSE = { name: 'Proprietary: for the service\'s customers and their integrators', identifier: 'LicenseRef-Proprietary' };

/** A tag with what its operations are about. */
export const tag = (name: string, description: string) => ({ name, description });

/** `GET /openapi.json` itself. */
export const DOCUMENT_OPERATION = {
  get: {
    operationId: 'getOpenApiDocument',
    tags: ['Document'],
    summary: 'This OpenAPI document',
    description: 'The OpenAPI 3.1 document of this interface, without authentication. It lists exactly the operations served.',
    security: [],
    responses: { 200: { description: 'The OpenAPI 3.1 document of this interface.', content: json({ type: 'object' }) } },
  },
};

/** The `paths` of a document: the fixed operations, then one operation per route under its OpenAPI path. */
export function pathsOf(
  routes: Route[],
  fixed: Record<string, Record<string, unknown>>,
  operationOf: (route: Route) => Record<string, unknown>,
): Record<string, Record<string, unknown>> {
  const paths = { ...fixed };
  for (const route of routes) {
    const path = openApiPath(route.path);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationOf(route) };
  }
  return paths;
}
