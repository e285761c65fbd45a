/** The OpenAPI 3.1 document of the M2M surface, served at `{base}/openapi.json`. */
import type { Route } from '../route.ts';

export function m2mOpenApi(routes: Route[], basePath: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: { security: [{ bearer: route.scopes }] } };
  }
  return { openapi: '3.1.0', info: { title: 'M2M interface', version: '1' }, servers: [{ url: basePath }], paths };
}
