/**
 * The door a stopping server closes: once shut, a request that still arrives (on a kept-alive
 * connection) is answered 503 with `Connection: close` in the shape of the surface that owns its path,
 * rather than run on a connection about to be cut; requests already running are answered with
 * `Connection: close`, so their clients send nothing more on that connection.
 */
import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { Unavailable } from '../domain/errors.ts';
import { presenterOf, type ErrorPresenters } from './errors.ts';

export interface StopGate {
  admit: RequestHandler;
  /** For answers given before Express (rest/hits.ts): false once shut (Express then refuses), else tracks the response. */
  enter(res: ServerResponse): boolean;
  shut(): void;
}

export function stopGate(presenters: ErrorPresenters): StopGate {
  const running = new Set<ServerResponse>();
  let shut = false;
  const enter = (res: ServerResponse) => {
    if (shut) return false;
    running.add(res);
    res.once('close', () => running.delete(res));
    return true;
  };
  return {
    enter,
    admit: (req, res, next) => {
      if (shut) {
        res.setHeader('Connection', 'close');
        presenterOf(presenters, req)(res, new Unavailable('The server is shutting down: send the request again', 1));
        return;
      }
      enter(res);
      next();
    },
    shut: () => {
      shut = true;
      for (const res of running) if (!res.headersSent) res.setHeader('Connection', 'close');
    },
  };
}
