/**
 * What `npm start` prints for people once it listens: where each surface is and, when the demo company
 * exists, where its credentials are and a command per surface to paste into a shell.
 * The first line, `listening on <url>`, is stable: scripts and tests read the port from it.
 */
import type { Config } from '../config.ts';
import type { DemoCredentials } from '../demo-seed.ts';

export interface DemoNotice {
  path: string;
  credentials: DemoCredentials;
  /** True when this start seeded it; false when an earlier start did. */
  seeded: boolean;
}

export function startupBanner(url: string, config: Pick<Config, 'M2M_BASE_PATH'>, demo?: DemoNotice): string {
  const m2m = `${url}${config.M2M_BASE_PATH}`;
  const v1 = `${url}/api/v1`;
  const lines = [
    `listening on ${url}`,
    `  GraphQL  ${url}/graphql`,
    `  M2M      ${m2m}`,
    `  v1       ${v1}`,
    `  probes   ${url}/healthz  ${url}/readyz  ${url}/metrics`,
  ];
  if (demo) {
    const { m2m: client, v1: key } = demo.credentials;
    lines.push(
      '',
      `Demo company ${demo.credentials.companyId} ${demo.seeded ? 'seeded' : 'present'}; its credentials are in ${demo.path}`,
      '',
      '# M2M: exchange the client credentials for a token, then list customers',
      `TOKEN=$(curl -s -X POST ${m2m}/token -H 'Content-Type: application/json' -d '${JSON.stringify({ client_id: client.client_id, client_secret: client.client_secret })}' | sed -E 's/.*"access_token":"([^"]+)".*/\\1/')`,
      `curl -s ${m2m}/customers -H "Authorization: Bearer $TOKEN"`,
      '',
      '# GraphQL: the same M2M token',
      `curl -s ${url}/graphql -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' -d '{"query":"{ customers(pageSize: 5) { total nodes { id firstName lastName } } }"}'`,
      '',
      '# v1: exchange the key and secret for a token, then list customers',
      `V1_TOKEN=$(curl -s -X POST ${v1}/auth/token -H 'Content-Type: application/json' -d '${JSON.stringify({ apiKey: key.apiKey, apiSecret: key.apiSecret })}' | sed -E 's/.*"token":"([^"]+)".*/\\1/')`,
      `curl -s "${v1}/customers?perPage=5" -H "Authorization: Bearer $V1_TOKEN"`,
    );
  }
  return `${lines.join('\n')}\n`;
}
