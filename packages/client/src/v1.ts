/**
 * The v1 client: openapi-fetch typed by the v1 OpenAPI document, with a token from the API key and
 * secret (`POST /auth/token`), an `Idempotency-Key` on every `POST`, and `items()` over every list.
 */
import createClient, { type Client } from 'openapi-fetch';
import { StudioTokenError } from './errors.ts';
import { authenticatedFetch, type ClientOptions } from './options.ts';
import { pages, V1_PAGING, type Getter, type ListArgs, type ListOperation, type V1ListItem, type V1ListPath } from './paging.ts';
import type { paths } from './schema/v1.ts';
import type { Fetch } from './transport.ts';

export interface V1ClientOptions extends ClientOptions {
  apiKey: string;
  apiSecret: string;
}

export type V1Client = Client<paths> & {
  /** Every item of a list, page after page (`perPage` 100 unless given). */
  items<P extends V1ListPath<paths>>(path: P, ...params: ListArgs<ListOperation<paths, P>>): AsyncGenerator<V1ListItem<paths, P>>;
};

export function createV1Client(options: V1ClientOptions): V1Client {
  const requestToken = async (fetch: Fetch) => {
    const tokenClient = createClient<paths>({ baseUrl: options.baseUrl, fetch });
    const { data, error, response } = await tokenClient.POST('/auth/token', { body: { apiKey: options.apiKey, apiSecret: options.apiSecret } });
    if (!data) throw new StudioTokenError(response.status, error);
    return { token: data.token, expiresInSeconds: data.expiresIn };
  };
  const client = createClient<paths>({ baseUrl: options.baseUrl, fetch: authenticatedFetch(options, requestToken, true) });
  return Object.assign(client, {
    items: (path: string, params?: object) => pages(client as unknown as Getter, V1_PAGING, path, params),
  }) as V1Client;
}
