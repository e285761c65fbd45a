/**
 * `POST /auth/token` (document 2, section 5): an API key and secret for a one-hour JWT of the v1 audience.
 * A call of its own: admitted per source address (TOKEN_RATE_PER_MINUTE), audited with the key it
 * authenticated (or none).
 */
import type { Logger } from 'pino';
import { z } from 'zod';
import { RateLimited, Unauthenticated } from '../../src/domain/errors.ts';
import { verifyV1Key } from '../../src/domain/v1-keys.ts';
import { admit } from '../../src/pipeline/admit.ts';
import { json } from '../../src/pipeline/call.ts';
import { readBody, type Endpoint } from '../../src/pipeline/http.ts';
import type { Pipeline } from '../../src/pipeline/index.ts';
import { inputProblem } from '../../src/pipeline/input-guards.ts';
import { door } from '../../src/pipeline/run.ts';
import { ACCESS_TOKEN_SECONDS } from '../../src/pipeline/tokens.ts';
import { parseBody } from '../body.ts';
import { v1Errors } from './errors.ts';

const credentials = z.strictObject({ apiKey: z.string().min(1).max(200), apiSecret: z.string().min(1).max(200) });

export function v1TokenEndpoint(pipeline: Pipeline, logger: Logger): Endpoint {
  const { services } = pipeline;
  const failures = pipeline.failedLogins.v1;
  return door(pipeline, {
    surface: 'v1',
    resource: 'token',
    errors: v1Errors,
    logger,
    headers: { 'Cache-Control': 'no-store' },
    // Counted against the source address before the credentials are read: the credentials are the input.
    admit: (call) => admit(call, pipeline.addressLimits.v1Token, call.address),
    read: async (_call, req, res) => {
      const body = await readBody(req, res);
      const problem = inputProblem(body);
      if (problem) throw problem;
      return parseBody(credentials, body);
    },
    serve: async (call, { apiKey, apiSecret }) => {
      const key = await verifyV1Key(services.orm, services.serverKey, apiKey, apiSecret, services.clock.now());
      if (!key) {
        const retryAfter = await failures.failed(apiKey, call.address);
        if (retryAfter) throw new RateLimited(`Too many failed attempts: retry after ${retryAfter} s`, retryAfter);
        throw new Unauthenticated('Invalid API key or secret');
      }
      const token = await pipeline.tokens.issue('v1', { subject: key.id, company: key.companyId });
      call.caller = { kind: 'v1', id: key.id, companyId: key.companyId, scopes: new Set() };
      return json(200, { token, expiresIn: ACCESS_TOKEN_SECONDS });
    },
  });
}
