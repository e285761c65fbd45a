/**
 * Live changes: `changes` is served over WebSocket only (src/live), where the context carries the
 * connection's subscription; its source stream yields the changes themselves.
 */
import type { LiveChange } from '../../src/db/live-changes.ts';
import { Invalid } from '../../src/domain/errors.ts';
import type { Resolvers } from '../generated.ts';

export const liveResolvers: Resolvers = {
  Subscription: {
    changes: {
      subscribe: (_root, { types }, ctx) => {
        if (!ctx.live) throw new Invalid('query', 'format', 'subscriptions are served over WebSocket (graphql-transport-ws) on /graphql, not over HTTP');
        return ctx.live.changes(types ?? null);
      },
      resolve: (change: LiveChange) => change,
    },
  },
};
