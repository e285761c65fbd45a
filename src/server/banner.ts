/**
 * What `npm start` prints for people once it listens: where each surface is and, when the demo company
 * exists, the path of its credentials file and commands to paste into a shell that read the secrets from
 * that file, so no secret reaches the output (which often ends up in logs).
 * The first line, `listening on <url>`, is stable: scripts and tests read the port from it.
 */
import type { Config } from '../config.ts';

export interface DemoNotice {
  /** The 0600 file that holds the demo client's and key's secrets. */
  path: string;
  companyId: string;
  /** True when this start seeded it; false when an earlier start did. */
  seeded: boolean;
}

/** A word for the shell, quoted so that any path survives. */
const shellWord = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/** A `node` command that prints what `expression` makes of the credentials file (`c`). */
const fromCredentials = (expression: string) => `node -p 'const c = require(process.argv[1]); ${expression}' "$CREDENTIALS"`;

const READ_FIELD = (field: string) => `node -p 'JSON.parse(require("fs").readFileSync(0)).${field}'`;

export function startupBanner(url: string, metricsUrl: string | undefined, config: Pick<Config, 'M2M_BASE_PATH'>, demo?: DemoNotice): string {
  const m2m = `${url}${config.M2M_BASE_PATH}`;
  const v1 = `${url}/api/v1`;
  const lines = [
    `listening on ${url}`,
    `  Console: ${url}/admin`,
    `  GraphQL  ${url}/graphql`,
    `  M2M      ${m2m}`,
    `  v1       ${v1}`,
    `  probes   ${url}/healthz  ${url}/readyz${metricsUrl ? `  ${metricsUrl}` : ''}`,
  ];
  if (demo) {
    lines.push(
      '',
      `Demo company ${demo.companyId} ${demo.seeded ? 'seeded' : 'present'}; its credentials are in ${demo.path} (readable by you only)`,
      `Console: sign in at ${url}/admin with the email and password under "admin" in that file.`,
      '',
      '# The commands below read the secrets from that file; paste them into a shell.',
      `CREDENTIALS=${shellWord(demo.path)}`,
      '',
      '# M2M: exchange the client credentials for a token, then list customers',
      `TOKEN=$(${fromCredentials('JSON.stringify(c.m2m, ["client_id", "client_secret"])')} | curl -s -X POST ${m2m}/token -H 'Content-Type: application/json' -d @- | ${READ_FIELD('access_token')})`,
      `curl -s "${m2m}/customers?pageSize=5" -H "Authorization: Bearer $TOKEN"`,
      '',
      '# GraphQL: the same M2M token',
      `curl -s ${url}/graphql -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' -d '{"query":"{ customers(pageSize: 5) { total nodes { id firstName lastName } } }"}'`,
      '',
      '# v1: exchange the key and secret for a token, then list customers',
      `V1_TOKEN=$(${fromCredentials('JSON.stringify(c.v1)')} | curl -s -X POST ${v1}/auth/token -H 'Content-Type: application/json' -d @- | ${READ_FIELD('token')})`,
      `curl -s "${v1}/customers?perPage=5" -H "Authorization: Bearer $V1_TOKEN"`,
    );
  }
  return `${lines.join('\n')}\n`;
}
