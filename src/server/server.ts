/**
 * Runs the application on HOST:PORT (PORT 0: any free port, reported back) and stops it gracefully:
 * no new connections, in-flight requests finish within SHUTDOWN_TIMEOUT_MS, then the remaining
 * sockets are closed and Apollo stops.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BaseContext } from '@apollo/server';
import type { Services } from '../services.ts';
import { createApp, type AppOptions } from './app.ts';

export interface RunningServer {
  /** Base URL, such as http://127.0.0.1:3000 */
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startServer<Context extends BaseContext>(services: Services, options: AppOptions<Context>): Promise<RunningServer> {
  const { apollo, httpServer } = await createApp(services, options);
  // The drain plugin (app.ts) makes apollo.stop() close the HTTP server first, as described above.
  const close = async () => {
    await apollo.stop();
    await options.onClose?.();
  };
  try {
    await listen(httpServer, services.config.PORT, services.config.HOST);
  } catch (error) {
    await close();
    throw error;
  }
  const { port } = httpServer.address() as AddressInfo;
  return { url: `http://${urlHost(services.config.HOST)}:${port}`, port, close };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}
