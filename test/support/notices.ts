/**
 * Waiting for an instance to hear of a change to an API client or v1 key by PostgreSQL's notice
 * (src/pipeline/notices.ts), as it hears of any other process's: watched, not timed.
 */
import { jest } from '@jest/globals';
import type { CallerDirectory } from '../../src/pipeline/callers.ts';
import { waitUntil } from './webhooks.ts';

/**
 * Makes `change` and resolves with what it returned once `callers` has forgotten what it knew of `id`.
 * Without the notice an instance never forgets (it trusts what it read until that is STATUS_TTL_MS old),
 * and this fails after waitUntil's 15 s, however slow the machine.
 */
export async function heardOf<T>(callers: CallerDirectory, id: string, change: () => Promise<T>): Promise<T> {
  const forgot = jest.spyOn(callers, 'forget');
  try {
    const changed = await change();
    await waitUntil(() => forgot.mock.calls.some(([forgotten]) => forgotten === id), { what: `the instance to hear that ${id} changed` });
    return changed;
  } finally {
    forgot.mockRestore();
  }
}
