/**
 * Observes each response's duration under the Express route pattern that served it (`/m2m/customer/:id`),
 * so the series stay bounded however many distinct URLs arrive.
 */
import type { Request, RequestHandler } from 'express';
import type { Metrics } from '../metrics.ts';

export function recordRequestDurations({ requestDuration }: Metrics): RequestHandler {
  return (req, res, next) => {
    const stop = requestDuration.startTimer({ method: req.method });
    res.once('finish', () => stop({ route: routePattern(req), status: String(res.statusCode) }));
    next();
  };
}

function routePattern(req: Request): string {
  const route = req.route as { path?: unknown } | undefined;
  if (route?.path === undefined) return 'unmatched';
  return `${req.baseUrl}${String(route.path)}`;
}
