/** `POST /auth/token` (document 2, section 5): an API key and secret for a one-hour JWT of the v1 audience. */
import type { Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import { Invalid, RateLimited, Unauthenticated } from '../../src/domain/errors.ts';
import { verifyV1Key } from '../../src/domain/v1-keys.ts';
import { sourceAddress } from '../../src/pipeline/anonymous-limits.ts';
import type { Pipeline } from '../../src/pipeline/index.ts';
import { ACCESS_TOKEN_SECONDS } from '../../src/pipeline/tokens.ts';
import type { Services } from '../../src/services.ts';
import { parseBody } from '../body.ts';
import { presentV1Error } from './errors.ts';

const credentials = z.strictObject({ apiKey: z.string().min(1).max(200), apiSecret: z.string().min(1).max(200) });

export function v1TokenEndpoint(services: Services, pipeline: Pipeline): RequestHandler {
  const failures = pipeline.failedLogins.v1;
  return async (req: Request, res: Response, next) => {
    res.setHeader('Cache-Control', 'no-store');
    try {
      const { apiKey, apiSecret } = parseBody(credentials, req.body);
      const key = await verifyV1Key(services.orm, services.serverKey, apiKey, apiSecret);
      if (!key) {
        const retryAfter = await failures.failed(apiKey, sourceAddress(req));
        if (retryAfter) return presentV1Error(res, new RateLimited(`Too many failed attempts: retry after ${retryAfter} s`, retryAfter));
        return presentV1Error(res, new Unauthenticated('Invalid API key or secret'));
      }
      const token = await pipeline.tokens.issue('v1', { subject: key.id, company: key.companyId });
      res.locals.caller = { kind: 'v1', id: key.id, companyId: key.companyId, scopes: new Set() };
      res.json({ token, expiresIn: ACCESS_TOKEN_SECONDS });
    } catch (error) {
      if (error instanceof Invalid) return presentV1Error(res, error);
      next(error);
    }
  };
}
