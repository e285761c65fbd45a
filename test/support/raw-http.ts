/**
 * HTTP/1.1 spoken byte by byte on one kept-alive connection, so that a request goes on exactly this socket:
 * for suites about what a server does with its connections (keep-alive, shutdown).
 */
import { connect, type Socket } from 'node:net';

/** One connection: `send` writes a request on it, `received` is all it got, `closed` resolves once it is closed. */
export function rawConnection(url: string) {
  const { hostname, port } = new URL(url);
  const socket: Socket = connect(Number(port), hostname);
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString('latin1')));
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return {
    ready: new Promise<void>((resolve) => socket.once('connect', () => resolve())),
    send(request: string) {
      if (!socket.destroyed && socket.writable) socket.write(request);
    },
    received: () => received,
    closed,
    destroy: () => socket.destroy(),
  };
}

/** Whether a server listens at `url`: a connection is made and closed at once. */
export function acceptsConnections(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The HTTP/1.1 responses in what a connection received, in order. */
export function responses(received: string): RawResponse[] {
  const found: RawResponse[] = [];
  let rest = received;
  while (rest.startsWith('HTTP/1.1 ')) {
    const headEnd = rest.indexOf('\r\n\r\n');
    const [statusLine, ...lines] = rest.slice(0, headEnd).split('\r\n');
    const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    const length = Number(headers['content-length'] ?? 0);
    found.push({ status: Number(statusLine!.split(' ')[1]), headers, body: rest.slice(headEnd + 4, headEnd + 4 + length) });
    rest = rest.slice(headEnd + 4 + length);
  }
  return found;
}
