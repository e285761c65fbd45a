/**
 * After a burst, an idle service gives its heap back (src/memory-reducer.ts): V8's memory reducer, which samples
 * the allocation rate every 8 s, reads the idle process as idle and collects, as it did before Node.js 24,
 * instead of reading it as busy on every sample until its 100 s watchdog (put off again by any collection).
 * The reducer says what it read (`--trace-memory-reducer`): with the nudge, its collection comes on a
 * sample that read "low alloc" (measured: 16 s after the burst, heap 323 MB to 11 MB); without it, every sample
 * read "high alloc" and the heap stayed at 331 MB until the watchdog's collection 105 s in, so this fails on a
 * service that does not nudge, however slow the machine.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from '@jest/globals';

const FIXTURE = join(import.meta.dirname, 'support/memory-burst.ts');

/**
 * The child's heap sizes as it reports them and what its memory reducer says it did, until its heap is
 * under half its peak or `timeoutMs` passes.
 */
async function afterBurst(mode: 'nudge' | 'none', timeoutMs: number): Promise<{ sizes: number[]; reducer: string[] }> {
  const child = spawn(process.execPath, ['--trace-memory-reducer', '--experimental-strip-types', '--disable-warning=ExperimentalWarning', FIXTURE, mode], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const sizes: number[] = [];
  const reducer: string[] = [];
  const timer = setTimeout(() => child.kill(), timeoutMs);
  try {
    for await (const line of createInterface({ input: child.stdout })) {
      // V8's trace lines ("[pid:isolate] 18833 ms: Memory reducer: low alloc, foreground") share stdout with the sizes.
      const said = /Memory reducer: (.*)$/.exec(line);
      if (said) reducer.push(said[1]!);
      else sizes.push(Number(line));
      if (sizes.length > 1 && sizes.at(-1)! < Math.max(...sizes) / 2) break;
    }
  } finally {
    clearTimeout(timer);
    child.kill();
  }
  return { sizes, reducer };
}

describe('memory after a burst', () => {
  it('is given back once idle, by a collection the memory reducer starts on reading the process idle', async () => {
    // Time is not what is checked: 90 s only gives up on a child whose heap stays at its peak.
    const { sizes, reducer } = await afterBurst('nudge', 90_000);
    const peak = Math.max(...sizes);
    expect(peak).toBeGreaterThan(150);
    expect(sizes.at(-1)).toBeLessThan(peak / 2);
    expect(reducer).toContain('started GC #1');
    expect(reducer[reducer.indexOf('started GC #1') - 1]).toMatch(/^low alloc/);
  }, 120_000);
});
