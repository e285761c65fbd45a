/** Requests from a chosen loopback source address, for what the service counts per address (fetch cannot choose one). */
import { request } from 'node:http';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

/** A random loopback source address, so what this run counts per address is apart from any other run's. */
export const randomLoopback = () => `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${2 + Math.floor(Math.random() * 250)}`;

/** A request from `from`; the body, when there is one, is sent as given. */
export function requestFrom(url: string, from: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const body = init.body ?? '';
  return new Promise((resolve, reject) => {
    const headers = { ...init.headers, ...(init.body !== undefined && { 'content-length': String(Buffer.byteLength(body)) }) };
    const req = request(url, { method: init.method ?? 'GET', headers, localAddress: from }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text ? JSON.parse(text) : null }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** POSTs `body` from `from`. */
export const postFrom = (url: string, body: string, headers: Record<string, string>, from: string): Promise<Answer> =>
  requestFrom(url, from, { method: 'POST', body, headers });
