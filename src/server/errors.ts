/**
 * The last two stops of a request the framework serves (probes, metrics, the console's pages): unknown
 * paths get a JSON 404, and errors become JSON without stack traces. Client mistakes say what was wrong;
 * anything else is logged with the request id and answered with a bare 500. The API doors answer their own
 * errors in their surfaces' shapes (src/pipeline/run.ts).
 */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { json, type ErrorShape } from '../pipeline/call.ts';
import { errorHeaders, httpStatus } from '../pipeline/status.ts';

/** Outside any surface: `{"error": "..."}`. */
export const plainErrors: ErrorShape = {
  present: (error) => json(httpStatus(error.code), { error: error.message }, errorHeaders(error)),
  internal: () => json(500, { error: 'Internal server error' }),
};

export const notFound: RequestHandler = (_req, res) => {
  res.status(404).json({ error: 'Not found' });
};

interface HttpError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  message?: string;
}

export const handleErrors: ErrorRequestHandler = (error: HttpError, req, res, next) => {
  if (res.headersSent) {
    next(error);
    return;
  }
  const status = error.status ?? error.statusCode;
  if (status !== undefined && status >= 400 && status < 500 && error.expose) {
    res.status(status).json({ error: error.message ?? 'Bad request' });
    return;
  }
  req.log.error({ err: error }, 'request failed');
  res.status(500).json({ error: 'Internal server error' });
};
