/**
 * An extra M2M endpoint whose requests stay in flight until the test lets them go: behind the same door as
 * every M2M route (authentication, the client's limits, the audit log), for tests of limits and shutdown.
 */
import { surfaceDoor } from '../../rest/route.ts';
import { json } from '../../src/pipeline/call.ts';
import { serviceSurfaces } from '../../src/server/surfaces.ts';
import type { Services } from '../../src/services.ts';

export class HeldRequests {
  readonly #waiting: Array<() => void> = [];

  /** Resolves when the test releases this request. */
  hold(): Promise<void> {
    return new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  /** Waits for `count` requests to be held: a setup step, so its deadline is generous for a loaded machine. */
  async arrived(count: number): Promise<void> {
    const deadline = Date.now() + 20_000;
    while (this.#waiting.length < count) {
      if (Date.now() > deadline) throw new Error(`only ${this.#waiting.length} of ${count} held requests arrived`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** Lets the oldest `count` held requests (all by default) finish. */
  release(count = this.#waiting.length): void {
    for (const resolve of this.#waiting.splice(0, count)) resolve();
  }
}

/** The service's own surfaces, plus GET `path` (audited as `resource`) through the M2M door, held by `held`. */
export const withHeldEndpoint = (held: HeldRequests, path = '/held', resource = 'held') => async (services: Services) => {
  const surfaces = await serviceSurfaces(services);
  const endpoint = surfaceDoor({ pipeline: surfaces.pipeline, surface: surfaces.rest.m2m, logger: services.logger }, resource, async () => {
    await held.hold();
    return json(200, { released: true });
  });
  return { ...surfaces, endpoints: (apollo: Parameters<typeof surfaces.endpoints>[0]) => [{ methods: ['GET'], path, endpoint }, ...surfaces.endpoints(apollo)] };
};
