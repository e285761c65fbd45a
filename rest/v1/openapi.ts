/** The OpenAPI 3.1 document of the v1 surface, served at `/api/v1/openapi.json`. */
import type { Route } from '../route.ts';

export function v1OpenApi(routes: Route[], basePath: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: { security: [{ bearer: [] }] } };
  }
  return { openapi: '3.1.0', info: { title: 'v1 interface', version: '1' }, servers: [{ url: basePath }], paths };
}
