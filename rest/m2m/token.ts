/**
 * `POST /token` (document 1, section 5): client credentials for a one-hour access token. Besides the
 * documented JSON body it takes the standard OAuth 2.0 form (`grant_type=client_credentials`, client
 * authentication by HTTP Basic or form fields, an optional `scope` naming a subset of the client's
 * scopes), so stock OAuth client libraries work. Errors follow RFC 6749, section 5.2. Failed attempts
 * are throttled per client id and address and per address (src/pipeline/failed-logins.ts).
 */
import type { Logger } from 'pino';
import { verifyClientCredentials } from '../../src/domain/api-clients.ts';
import { grantedScopes } from '../../src/domain/scopes.ts';
import { admit } from '../../src/pipeline/admit.ts';
import { json, type Call, type Reply } from '../../src/pipeline/call.ts';
import { readBody, type Endpoint, type Request } from '../../src/pipeline/http.ts';
import type { Pipeline } from '../../src/pipeline/index.ts';
import { inputProblem } from '../../src/pipeline/input-guards.ts';
import { door } from '../../src/pipeline/run.ts';
import { ACCESS_TOKEN_SECONDS } from '../../src/pipeline/tokens.ts';
import { m2mErrors } from './errors.ts';

interface Credentials {
  clientId?: string;
  clientSecret?: string;
  viaBasic: boolean;
  grantType?: string;
  /** The requested scopes, space-separated; undefined when none is requested. */
  scope?: string;
}

class MalformedRequest extends Error {}

/** RFC 6749, section 2.3.1: the id and secret in HTTP Basic are form-encoded before base64. */
function formDecoded(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    throw new MalformedRequest('The HTTP Basic credentials are not form-encoded');
  }
}

const isForm = (req: Request) => /^application\/x-www-form-urlencoded\b/i.test(req.headers['content-type'] ?? '');

function credentialsOf(req: Request, sent: unknown): Credentials {
  const body = (sent && typeof sent === 'object' ? sent : {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  const grantType = text(body.grant_type);
  if (isForm(req) && grantType === undefined) {
    throw new MalformedRequest('grant_type is required: use grant_type=client_credentials');
  }
  if (body.scope !== undefined && typeof body.scope !== 'string') throw new MalformedRequest('scope must be a string of space-separated scopes');
  const scope = text(body.scope);
  const basic = /^Basic +([A-Za-z0-9+/=]+)$/i.exec(req.headers.authorization ?? '');
  if (basic) {
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon <= 0) throw new MalformedRequest('The HTTP Basic credentials must be client_id:client_secret');
    if (body.client_secret !== undefined) throw new MalformedRequest('Send the client secret in one way only: HTTP Basic or the body');
    return { clientId: formDecoded(decoded.slice(0, colon)), clientSecret: formDecoded(decoded.slice(colon + 1)), viaBasic: true, grantType, scope };
  }
  return { clientId: text(body.client_id), clientSecret: text(body.client_secret), viaBasic: false, grantType, scope };
}

/**
 * An error of RFC 6749, section 5.2. A client that authenticated by HTTP Basic gets the Basic challenge
 * that section requires, carrying the error too, so that clients which read the challenge before the
 * body (openid-client) still learn it was `invalid_client`.
 */
function oauthError(status: number, error: string, description: string, viaBasic = false): Reply {
  const challenge = viaBasic && status === 401
    ? { 'WWW-Authenticate': `Basic realm="m2m", charset="UTF-8", error="${error}", error_description="${description.replace(/["\\]/g, "'")}"` }
    : undefined;
  return json(status, { error, error_description: description }, challenge);
}

/** Token answers are never stored by a cache on the way (RFC 6749, section 5.1). */
const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

/**
 * `POST /token` as a call of its own: admitted per source address (TOKEN_RATE_PER_MINUTE), audited with the
 * client it authenticated (or none).
 */
export function tokenEndpoint(pipeline: Pipeline, logger: Logger): Endpoint {
  const { services } = pipeline;
  const failures = pipeline.failedLogins.m2m;
  const issue = async (req: Request, call: Call, sent: unknown): Promise<Reply> => {
    const { clientId, clientSecret, viaBasic, grantType, scope: requested } = credentialsOf(req, sent);
    if (grantType !== undefined && grantType !== 'client_credentials') {
      return oauthError(400, 'unsupported_grant_type', 'Only grant_type=client_credentials is supported');
    }
    if (!clientId || !clientSecret) return oauthError(400, 'invalid_request', 'client_id and client_secret are required');
    const unstorable = inputProblem({ client_id: clientId, client_secret: clientSecret, scope: requested });
    if (unstorable) return oauthError(400, 'invalid_request', unstorable.message);
    const client = await verifyClientCredentials(services.orm, services.serverKey, clientId, clientSecret, services.clock.now());
    if (!client) {
      const retryAfter = await failures.failed(clientId, call.address);
      if (retryAfter) return json(429, { error: `Too many failed attempts: retry after ${retryAfter} s` }, { 'Retry-After': String(retryAfter) });
      return oauthError(401, 'invalid_client', 'Unknown client, wrong secret, or the client is revoked or expired', viaBasic);
    }
    const { granted, lacking } = grantedScopes(client.scopes, requested);
    if (lacking.length) return oauthError(400, 'invalid_scope', `The client does not have the scope${lacking.length > 1 ? 's' : ''} ${lacking.join(' ')}`);
    if (!granted.length) return oauthError(400, 'invalid_scope', "Request at least one scope, or leave scope out for all of the client's");
    const scope = granted.join(' ');
    const token = await pipeline.tokens.issue('m2m', { subject: client.id, company: client.companyId, scope });
    call.caller = { kind: 'm2m', id: client.id, companyId: client.companyId, scopes: new Set(granted) };
    return json(200, { access_token: token, token_type: 'Bearer', expires_in: ACCESS_TOKEN_SECONDS, scope });
  };
  return door(pipeline, {
    surface: 'm2m',
    resource: 'token',
    errors: m2mErrors,
    logger,
    headers: NO_STORE,
    // Counted against the source address before the credentials are read: the credentials are the input.
    admit: (call) => admit(call, pipeline.addressLimits.m2mToken, call.address),
    read: (_call, req, res) => readBody(req, res, ['json', 'form']),
    serve: async (call, sent, req) => {
      try {
        return await issue(req, call, sent);
      } catch (error) {
        if (error instanceof MalformedRequest) return oauthError(400, 'invalid_request', error.message);
        throw error;
      }
    },
  });
}
