/**
 * Runs the application on HOST:PORT (PORT 0: any free port, reported back) and stops it gracefully:
 * no new connections, live WebSocket connections closed (1001), idle kept-alive connections closed, a request arriving on an open one refused
 * (503, `Connection: close`), in-flight requests finish within the drain part of SHUTDOWN_TIMEOUT_MS,
 * then the remaining sockets are closed and Apollo stops.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BaseContext } from '@apollo/server';
import type { Services } from '../services.ts';
import { createApp, type AppOptions } from './app.ts';
import { metricsApp, metricsOnMainPort } from './metrics-endpoint.ts';

export interface RunningServer {
  /** Base URL, such as http://127.0.0.1:3000 */
  url: string;
  port: number;
  /** Where /metrics is served, when it is (src/server/metrics-endpoint.ts). */
  metricsUrl?: string;
  close(): Promise<void>;
}

export async function startServer<Context extends BaseContext>(services: Services, options: AppOptions<Context>): Promise<RunningServer> {
  const { config } = services;
  const { apollo, httpServer, metrics, refuseNewRequests, closeUpgrades } = await createApp(services, options);
  const metricsServer = config.METRICS_PORT === undefined ? undefined : createServer(metricsApp(metrics, config));
  // The drain plugin (app.ts) makes apollo.stop() close the HTTP server first, as described above.
  const close = async () => {
    refuseNewRequests();
    await closeUpgrades();
    metricsServer?.close();
    metricsServer?.closeAllConnections();
    await apollo.stop();
    await options.onClose?.();
  };
  try {
    await listen(httpServer, config.PORT, config.HOST);
    if (metricsServer) await listen(metricsServer, config.METRICS_PORT!, config.HOST);
  } catch (error) {
    await close();
    throw error;
  }
  const url = urlOf(httpServer, config.HOST);
  const metricsUrl = metricsServer ? `${urlOf(metricsServer, config.HOST)}/metrics` : metricsOnMainPort(config) ? `${url}/metrics` : undefined;
  return { url, port: (httpServer.address() as AddressInfo).port, metricsUrl, close };
}

function urlOf(server: Server, host: string): string {
  return `http://${urlHost(host)}:${(server.address() as AddressInfo).port}`;
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
