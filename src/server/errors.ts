/**
 * The last two stops of every request: unknown paths get a JSON 404, and errors become JSON without
 * stack traces. Client mistakes (malformed or oversized bodies) say what was wrong; anything else is
 * logged with the request id and answered with a bare 500.
 */
import type { ErrorRequestHandler, RequestHandler } from 'express';

export const notFound: RequestHandler = (_req, res) => {
  res.status(404).json({ error: 'Not found' });
};

interface HttpError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  type?: string;
  limit?: number;
  message?: string;
}

export const handleErrors: ErrorRequestHandler = (error: HttpError, req, res, next) => {
  if (res.headersSent) {
    next(error);
    return;
  }
  const status = error.status ?? error.statusCode;
  if (status !== undefined && status >= 400 && status < 500 && error.expose) {
    res.status(status).json({ error: clientMessage(error) });
    return;
  }
  req.log.error({ err: error }, 'request failed');
  res.status(500).json({ error: 'Internal server error' });
};

function clientMessage(error: HttpError): string {
  switch (error.type) {
    case 'entity.parse.failed':
      return 'Malformed JSON in the request body';
    case 'entity.too.large':
      return `Request body is larger than ${error.limit === undefined ? 'allowed' : `${error.limit} bytes`}`;
    default:
      return error.message ?? 'Bad request';
  }
}
