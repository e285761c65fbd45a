/**
 * Where a service's RSS lies after a round, so a growth can be told apart: anonymous memory (V8's heap,
 * malloc, WebAssembly) against mapped files (the node binary's pages), and V8's heap from the service's
 * own /metrics (prom-client's default metrics), its young generation apart since `--max-semi-space-size`
 * sizes it.
 */
import { readFile } from 'node:fs/promises';
import { METRICS_TOKEN } from './audit-wait.ts';

export interface MemoryBreakdown {
  anonMb: number;
  fileMb: number;
  heapTotalMb: number;
  heapUsedMb: number;
  newSpaceMb: number;
  oldSpaceMb: number;
  externalMb: number;
}

const MB = 1024 * 1024;

async function procStatus(pid: number): Promise<{ anonMb: number; fileMb: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) / 1024;
  return { anonMb: kb('RssAnon'), fileMb: kb('RssFile') };
}

async function heap(serviceUrl: string) {
  const response = await fetch(`${serviceUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!response.ok) throw new Error(`GET /metrics: ${response.status}`);
  const lines = (await response.text()).split('\n');
  const metric = (prefix: string) => Number(lines.find((l) => l.startsWith(prefix))?.split(' ').at(-1)) / MB;
  return {
    heapTotalMb: metric('nodejs_heap_size_total_bytes '),
    heapUsedMb: metric('nodejs_heap_size_used_bytes '),
    newSpaceMb: metric('nodejs_heap_space_size_total_bytes{space="new"}'),
    oldSpaceMb: metric('nodejs_heap_space_size_total_bytes{space="old"}'),
    externalMb: metric('nodejs_external_memory_bytes '),
  };
}

export async function memoryBreakdown(pid: number, serviceUrl: string): Promise<MemoryBreakdown> {
  return { ...(await procStatus(pid)), ...(await heap(serviceUrl)) };
}

export function formatBreakdown(m: MemoryBreakdown): string {
  const n = (x: number) => x.toFixed(0);
  return (
    `anon ${n(m.anonMb)} + file ${n(m.fileMb)}; V8 heap ${n(m.heapTotalMb)} (used ${n(m.heapUsedMb)}; ` +
    `new ${n(m.newSpaceMb)}, old ${n(m.oldSpaceMb)}), external ${n(m.externalMb)}`
  );
}
