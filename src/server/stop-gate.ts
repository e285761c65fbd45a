/**
 * The door a stopping server closes: once shut, a request that still arrives (on a kept-alive
 * connection) is answered 503 with `Connection: close` in the shape of the surface that owns its path,
 * rather than run on a connection about to be cut; requests already running are answered with
 * `Connection: close`, so their clients send nothing more on that connection.
 */
import type { RequestHandler, Response } from 'express';
import { Unavailable } from '../domain/errors.ts';
import { presenterOf, type ErrorPresenters } from './errors.ts';

export interface StopGate {
  admit: RequestHandler;
  shut(): void;
}

export function stopGate(presenters: ErrorPresenters): StopGate {
  const running = new Set<Response>();
  let shut = false;
  return {
    admit: (req, res, next) => {
      if (shut) {
        res.setHeader('Connection', 'close');
        presenterOf(presenters, req)(res, new Unavailable('The server is shutting down: send the request again', 1));
        return;
      }
      running.add(res);
      res.once('close', () => running.delete(res));
      next();
    },
    shut: () => {
      shut = true;
      for (const res of running) if (!res.headersSent) res.setHeader('Connection', 'close');
    },
  };
}
