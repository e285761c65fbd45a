/** The admin console's requests, as its web app makes them: JSON POSTs to /graphql with `X-Studio-Console: 1` and the session cookie. */

export interface ConsoleAnswer {
  status: number;
  headers: Headers;
  body: any;
}

/** A console GraphQL request; `cookie` is `studio_session=…` (none: not signed in). */
export async function consoleCall(
  url: string,
  query: string,
  { cookie, variables, headers }: { cookie?: string; variables?: Record<string, unknown>; headers?: Record<string, string> },
): Promise<ConsoleAnswer> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-studio-console': '1', ...(cookie && { cookie }), ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

/** Signs in; `cookie` is what the browser would send back. */
export async function signIn(
  url: string,
  user: { email: string; password: string },
  headers: Record<string, string> = {},
): Promise<{ cookie: string; setCookie: string | null; body: any }> {
  const answer = await consoleCall(url, 'mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { id email role companyId companyName } }', {
    variables: { e: user.email, p: user.password },
    headers,
  });
  const setCookie = answer.headers.get('set-cookie');
  return { cookie: setCookie?.split(';')[0] ?? '', setCookie, body: answer.body };
}
