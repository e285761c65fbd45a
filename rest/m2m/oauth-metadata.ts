/**
 * OAuth 2.0 Authorization Server Metadata (RFC 8414) of the M2M token endpoint, so that stock clients
 * configure themselves from it (openid-client: `discovery(new URL('https://host/m2m'), clientId, secret,
 * undefined, { algorithm: 'oauth2' })`). The issuer is the M2M base URL as the client reached it, and the
 * document is served where each kind of client looks for it:
 * - `/.well-known/oauth-authorization-server/m2m`: RFC 8414, section 3.1 inserts the well-known segment
 *   between the host and the issuer's path;
 * - `/m2m/.well-known/oauth-authorization-server`: clients that append it to the issuer;
 * - `/.well-known/oauth-authorization-server`: the host's own, whose issuer is the origin (section 3.3:
 *   the issuer is the URL the well-known segment was inserted into).
 * Access tokens carry `iss: urn:studio-booking:issuer` whichever of these a client used: they are opaque to
 * clients, and this service, their only resource server, checks that value. `access_token_issuer` says so.
 */
import type { Express, Request } from 'express';
import { ALL_SCOPES } from '../../src/domain/scopes.ts';
import { ISSUER } from '../../src/pipeline/tokens.ts';

export const WELL_KNOWN = '/.well-known/oauth-authorization-server';

function metadata(req: Request, basePath: string, issuerPath: string) {
  const origin = `${req.protocol}://${req.host}`;
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

export function serveOauthMetadata(app: Express, basePath: string): void {
  app.get(WELL_KNOWN, (req, res) => res.json(metadata(req, basePath, '')));
  app.get([`${WELL_KNOWN}${basePath}`, `${basePath}${WELL_KNOWN}`], (req, res) => res.json(metadata(req, basePath, basePath)));
}
