/**
 * OAuth 2.0 Authorization Server Metadata (RFC 8414) of the M2M token endpoint, so that stock clients
 * configure themselves from it (openid-client: `discovery(new URL('https://host/m2m'), clientId, secret,
 * undefined, { algorithm: 'oauth2' })`). The issuer is the M2M base URL as the client reached it, and the
 * document is served where each kind of client looks for it:
 * - `/.well-known/oauth-authorization-server/m2m`: RFC 8414, section 3.1 inserts the well-known segment
 *   between the host and the issuer's path;
 * - `/m2m/.well-known/oauth-authorization-server`: clients that append it to the issuer;
 * - `/.well-known/oauth-authorization-server`: the host's own, whose issuer is the origin (section 3.3:
 *   the issuer is the URL the well-known segment was inserted into);
 * - `/m2m/.well-known/openid-configuration` and `/.well-known/openid-configuration`: where OpenID Connect
 *   discovery looks (openid-client's default, `discovery(new URL('https://host/m2m'), …)` without
 *   `algorithm: 'oauth2'`). The same document: the service issues access tokens only, no ID tokens, and
 *   says so by listing no response types; a client that asks for client credentials needs nothing more.
 * Access tokens carry `iss: urn:studio-booking:issuer` whichever of these a client used: they are opaque to
 * clients, and this service, their only resource server, checks that value. `access_token_issuer` says so.
 * Public facts about the service, like its OpenAPI documents' links: not calls of any client, so not audited.
 */
import type { IncomingMessage } from 'node:http';
import { ALL_SCOPES } from '../../src/domain/scopes.ts';
import { isHttps, REQUEST_ID_HEADER } from '../../src/pipeline/http.ts';
import type { Pipeline } from '../../src/pipeline/index.ts';
import { ISSUER } from '../../src/pipeline/tokens.ts';
import type { EndpointSpec } from '../route.ts';

export const WELL_KNOWN = '/.well-known/oauth-authorization-server';
export const OPENID_WELL_KNOWN = '/.well-known/openid-configuration';

/** The origin the client reached: behind a trusted proxy, the scheme and host it forwarded. */
function originOf(req: IncomingMessage, trust: (address: string, hop: number) => boolean): string {
  const forwardedHost = req.headers['x-forwarded-host'];
  const host = typeof forwardedHost === 'string' && trust(req.socket.remoteAddress ?? '', 0) ? forwardedHost.split(',')[0]!.trim() : req.headers.host;
  return `${isHttps(req, trust) ? 'https' : 'http'}://${host ?? 'localhost'}`;
}

function metadata(origin: string, basePath: string, issuerPath: string) {
  return {
    issuer: `${origin}${issuerPath}`,
    token_endpoint: `${origin}${basePath}/token`,
    grant_types_supported: ['client_credentials'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    scopes_supported: [...ALL_SCOPES],
    // No authorization endpoint: the client credentials grant uses none.
    response_types_supported: [],
    access_token_issuer: ISSUER,
  };
}

export function oauthMetadataEndpoints(pipeline: Pipeline, basePath: string): EndpointSpec[] {
  const serve = (issuerPath: string): EndpointSpec['endpoint'] => (req, res) => {
    const body = JSON.stringify(metadata(originOf(req, pipeline.trust), basePath, issuerPath));
    res.writeHead(200, { [REQUEST_ID_HEADER]: req.id, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  return [
    { methods: ['GET', 'HEAD'], path: WELL_KNOWN, endpoint: serve('') },
    { methods: ['GET', 'HEAD'], path: `${WELL_KNOWN}${basePath}`, endpoint: serve(basePath) },
    { methods: ['GET', 'HEAD'], path: `${basePath}${WELL_KNOWN}`, endpoint: serve(basePath) },
    { methods: ['GET', 'HEAD'], path: OPENID_WELL_KNOWN, endpoint: serve('') },
    { methods: ['GET', 'HEAD'], path: `${basePath}${OPENID_WELL_KNOWN}`, endpoint: serve(basePath) },
  ];
}
