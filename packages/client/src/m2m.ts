/**
 * The M2M client: openapi-fetch typed by the M2M OpenAPI document, with a token from the client
 * credentials (`POST /token` as JSON, or as the OAuth 2.0 form with HTTP Basic), and `items()` over
 * every paged list.
 */
import createClient, { type Client } from 'openapi-fetch';
import { StudioTokenError } from './errors.ts';
import { authenticatedFetch, type ClientOptions } from './options.ts';
import { M2M_PAGING, pages, type Getter, type ListArgs, type ListOperation, type M2mListItem, type M2mListPath } from './paging.ts';
import type { paths } from './schema/m2m.ts';
import type { Fetch } from './transport.ts';

export interface M2mClientOptions extends ClientOptions {
  clientId: string;
  clientSecret: string;
  /** Scopes to ask for, a subset of the client's; all of them unless given. */
  scope?: string | readonly string[];
  /** `json` (the body of document 1, the default) or `form` (`grant_type=client_credentials` with HTTP Basic). */
  tokenRequest?: 'json' | 'form';
}

export type M2mClient = Client<paths> & {
  /** Every item of a paged list, page after page (`pageSize` 100 unless given). */
  items<P extends M2mListPath<paths>>(path: P, ...params: ListArgs<ListOperation<paths, P>>): AsyncGenerator<M2mListItem<paths, P>>;
};

/** RFC 6749, section 2.3.1: the id and secret are form-encoded before they are joined for HTTP Basic. */
const basicCredentials = (id: string, secret: string) => `Basic ${btoa(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`)}`;

export function createM2mClient(options: M2mClientOptions): M2mClient {
  const scope = typeof options.scope === 'string' ? options.scope : options.scope?.join(' ');
  const requestToken = async (fetch: Fetch) => {
    const tokenClient = createClient<paths>({ baseUrl: options.baseUrl, fetch });
    const { data, error, response } =
      options.tokenRequest === 'form'
        ? await tokenClient.POST('/token', {
            body: { grant_type: 'client_credentials', ...(scope && { scope }) },
            bodySerializer: (body) => new URLSearchParams(body as Record<string, string>).toString(),
            headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basicCredentials(options.clientId, options.clientSecret) },
          })
        : await tokenClient.POST('/token', { body: { client_id: options.clientId, client_secret: options.clientSecret, ...(scope && { scope }) } });
    if (!data) throw new StudioTokenError(response.status, error);
    return { token: data.access_token, expiresInSeconds: data.expires_in };
  };
  const client = createClient<paths>({ baseUrl: options.baseUrl, fetch: authenticatedFetch(options, requestToken, false) });
  return Object.assign(client, {
    items: (path: string, params?: object) => pages(client as unknown as Getter, M2M_PAGING, path, params),
  }) as M2mClient;
}
