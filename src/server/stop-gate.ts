/**
 * The door a stopping server closes: once shut, a request that still arrives (on a kept-alive
 * connection) is answered 503 with `Connection: close` in the shape of the surface that owns its path,
 * rather than run on a connection about to be cut; requests already running are answered with
 * `Connection: close`, so their clients send nothing more on that connection.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Unavailable } from '../domain/errors.ts';
import type { ErrorShape } from '../pipeline/call.ts';
import { pathOf } from '../pipeline/http.ts';

export interface StopGate {
  /** False once shut (the request is then answered 503); else tracks the response until it closes. */
  enter(req: IncomingMessage, res: ServerResponse): boolean;
  shut: () => void;
}

export function stopGate(errorsOf: (path: string) => ErrorShape): StopGate {
  const running = new Set<ServerResponse>();
  let shut = false;
  return {
    enter: (req, res) => {
      if (shut) {
        const reply = errorsOf(pathOf(req.url)).present(new Unavailable('The server is shutting down: send the request again', 1));
        const id = (req as IncomingMessage & { id?: string }).id;
        res.writeHead(reply.status, { ...reply.headers, ...(id && { 'X-Request-Id': id }), 'Content-Type': 'application/json; charset=utf-8', Connection: 'close' });
        res.end(reply.body);
        return false;
      }
      running.add(res);
      res.once('close', () => running.delete(res));
      return true;
    },
    shut: () => {
      shut = true;
      for (const res of running) if (!res.headersSent) res.setHeader('Connection', 'close');
    },
  };
}
