/**
 * A summary of V8 CPU profiles (`node --cpu-prof`): self time of the hottest functions, and the same time
 * grouped by where the code lives (a package under node_modules, Node's internals, V8 builtins, garbage
 * collection, or a folder of this project), over a window of time (a timed run, not the start-up). Idle time
 * is left out; shares are of active CPU time.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  /** Microseconds of the monotonic clock (bench/load.ts `monotonicMicroseconds`). */
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** An interval of the monotonic clock, in microseconds. */
export interface Window {
  from: number;
  to: number;
}

export interface HotSpot {
  name: string;
  ms: number;
  share: number;
}

export interface ProfileSummary {
  activeMs: number;
  functions: HotSpot[];
  places: HotSpot[];
}

/** Where code lives: `node_modules/<package>`, `node internals`, a project folder, or a V8 pseudo-frame. */
function placeOf(frame: ProfileNode['callFrame'], projectRoot: string): string {
  const { functionName, url } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : 'V8 builtins';
  if (url.startsWith('node:')) return 'node internals';
  const path = url.startsWith('file:') ? fileURLToPath(url) : url;
  const inModules = /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (inModules) return inModules[1]!;
  if (path.startsWith(projectRoot)) return `project ${path.slice(projectRoot.length + 1).split('/').slice(0, -1).join('/') || '.'}`;
  return path;
}

function locationOf(frame: ProfileNode['callFrame'], projectRoot: string): string {
  if (!frame.url) return '';
  const path = frame.url.startsWith('file:') ? fileURLToPath(frame.url) : frame.url;
  const short = path.startsWith(projectRoot) ? path.slice(projectRoot.length + 1) : path.replace(/.*node_modules\//, '');
  return `${short}:${frame.lineNumber + 1}`;
}

function top(times: Map<string, number>, activeMs: number, count: number): HotSpot[] {
  return [...times]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => ({ name, ms, share: ms / activeMs }));
}

/** Reads every `.cpuprofile` in `dir` (one per process or thread) and sums their samples taken during `window`. */
export async function summariseProfiles(dir: string, projectRoot: string, window: Window, count = 25): Promise<ProfileSummary> {
  const functions = new Map<string, number>();
  const places = new Map<string, number>();
  let activeMs = 0;
  for (const file of (await readdir(dir)).filter((name) => name.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(await readFile(join(dir, file), 'utf8')) as CpuProfile;
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    // A sample stands for the time until the next one.
    let at = profile.startTime + profile.timeDeltas[0]!;
    for (let i = 0; i < profile.samples.length - 1; i++) {
      const next = at + profile.timeDeltas[i + 1]!;
      const frame = nodes.get(profile.samples[i]!)!.callFrame;
      const counted = at >= window.from && at < window.to && frame.functionName !== '(idle)';
      const ms = (next - at) / 1000;
      at = next;
      if (!counted) continue;
      const place = placeOf(frame, projectRoot);
      const name = `${frame.functionName || '(anonymous)'} ${locationOf(frame, projectRoot)}`.trim();
      functions.set(name, (functions.get(name) ?? 0) + ms);
      places.set(place, (places.get(place) ?? 0) + ms);
      activeMs += ms;
    }
  }
  return { activeMs, functions: top(functions, activeMs, count), places: top(places, activeMs, count) };
}

export function formatSummary(title: string, summary: ProfileSummary): string {
  const rows = (spots: HotSpot[]) => spots.map((s) => `| ${(s.share * 100).toFixed(1)}% | ${s.ms.toFixed(0)} | ${s.name.replaceAll('|', '\\|')} |`);
  return [
    `### CPU profile: ${title}: ${(summary.activeMs / 1000).toFixed(1)} s of active CPU`,
    '',
    '| self | ms | function |',
    '|---|---|---|',
    ...rows(summary.functions),
    '',
    '| self | ms | where |',
    '|---|---|---|',
    ...rows(summary.places),
    '',
  ].join('\n');
}
