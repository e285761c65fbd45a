/**
 * GraphiQL 5, bundled and offline. Monaco's workers come from `graphiql/setup-workers/vite` (Vite `?worker`
 * imports: emitted as same-origin files). By default requests carry the console session (cookie +
 * `X-Studio-Console: 1`); a pasted bearer token replaces it, to try the API as an API client would.
 */
import 'graphiql/setup-workers/vite';
import 'graphiql/style.css';
import './explorer.css';
import { GraphiQL } from 'graphiql';
import type { ExecutionResult } from 'graphql';
import { StrictMode, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';

type Fetcher = NonNullable<Parameters<typeof GraphiQL>[0]['fetcher']>;

const DEFAULT_QUERY = `# The studio's GraphQL API, with your console session.
# Press Ctrl+Enter (or the run button) to run; Ctrl+Space completes.
query Me {
  me { email role companyName }
  customers(pageSize: 5) { total nodes { id firstName lastName } }
}
`;

function Explorer() {
  const [mode, setMode] = useState<'session' | 'token'>('session');
  const [token, setToken] = useState('');
  const fetcher = useMemo<Fetcher>(
    () => async (params, options) => {
      const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
      if (mode === 'token' && token.trim()) headers.authorization = `Bearer ${token.trim().replace(/^Bearer\s+/i, '')}`;
      else headers['x-studio-console'] = '1';
      Object.assign(headers, options?.headers ?? {});
      const response = await fetch('/graphql', {
        method: 'POST',
        credentials: mode === 'session' ? 'same-origin' : 'omit',
        headers,
        body: JSON.stringify(params),
      });
      return (await response.json()) as ExecutionResult;
    },
    [mode, token],
  );
  return (
    <div className="explorer">
      <header className="explorer-bar">
        <a href="/admin" className="back">
          ← Console
        </a>
        <h1>GraphQL explorer</h1>
        <fieldset className="auth">
          <legend className="visually-hidden">Send requests as</legend>
          <label>
            <input type="radio" name="auth" checked={mode === 'session'} onChange={() => setMode('session')} /> My console session
          </label>
          <label>
            <input type="radio" name="auth" checked={mode === 'token'} onChange={() => setMode('token')} /> Bearer token
          </label>
          <label className="token">
            <span className="visually-hidden">Bearer token</span>
            <input
              type="password"
              placeholder="Paste an M2M access token"
              value={token}
              onChange={(e) => {
                setToken(e.target.value);
                if (e.target.value) setMode('token');
              }}
              autoComplete="off"
              spellCheck={false}
            />
          </label>
        </fieldset>
      </header>
      <div className="explorer-main">
        <GraphiQL key={mode === 'token' ? `token:${token}` : 'session'} fetcher={fetcher} defaultQuery={DEFAULT_QUERY} />
      </div>
    </div>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Explorer />
  </StrictMode>,
);
