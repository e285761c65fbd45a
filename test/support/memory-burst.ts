/**
 * A process that grows its heap by a burst of allocations, drops them and then idles, printing its V8 heap
 * size (MB) every 250 ms as one number per line. With `nudge` it runs the service's `keepMemoryReducerAwake`
 * (src/memory-reducer.ts) first, as `npm start` does. Used by test/memory-reducer.test.ts.
 */
import { keepMemoryReducerAwake } from '../../src/memory-reducer.ts';

if (process.argv[2] === 'nudge') keepMemoryReducerAwake(1_000);

// About 200 MB of small objects, alive long enough to be promoted to the old generation, then dropped.
let kept: Array<{ id: number; name: string }> | undefined = [];
for (let i = 0; i < 2_000_000; i++) kept.push({ id: i, name: `customer ${i}` });
kept = undefined;

const heapMb = () => process.memoryUsage().heapTotal / 1024 / 1024;
setInterval(() => process.stdout.write(`${heapMb().toFixed(1)}\n`), 250);
