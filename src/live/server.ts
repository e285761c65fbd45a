/**
 * Live changes over WebSocket: the graphql-transport-ws protocol (graphql-ws on ws) on /graphql of the HTTP
 * server. A connection authenticates at `connection_init` (src/live/authenticate.ts) and is admitted like a
 * call of /graphql (the client's budget, or the address's limit); then it may start subscriptions, and only
 * subscriptions: queries and mutations go over HTTP, through the one pipeline. Changes come from PostgreSQL,
 * on a listening connection of this server's own (src/live/hub.ts), so every instance hears every commit.
 *
 * Close codes: 4401 no credential, or it was revoked or ended (do not retry with it); 4403 the token expired
 * or what the client may read changed (reconnect); 4429 too many connections of the client, or its address or
 * budget past its limit; 1013 the database could not be asked (retry later); 1001 the server is stopping.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { getOperationAST, GraphQLError, OperationTypeNode, parse, validate, type ExecutionArgs, type GraphQLSchema } from 'graphql';
import { useServer, type Extra } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { Logger } from 'pino';
import { DomainError, RateLimited } from '../domain/errors.ts';
import { newCall, type Call } from '../pipeline/call.ts';
import { databaseUnavailable } from '../pipeline/database.ts';
import type { DocumentLimits } from '../pipeline/document-limits.ts';
import { admitToGraphql } from '../pipeline/graphql.ts';
import { graphqlErrorFormatter } from '../pipeline/graphql-errors.ts';
import { addressOf, pathOf } from '../pipeline/http.ts';
import type { Pipeline } from '../pipeline/index.ts';
import { Notices } from '../pipeline/notices.ts';
import { auditEntry, refuse } from '../pipeline/run.ts';
import { httpStatus } from '../pipeline/status.ts';
import { requestIdOf } from '../server/request-id.ts';
import { authenticateLive, offeredToken } from './authenticate.ts';
import { LiveClients } from './clients.ts';
import { CLOSE, LiveConnection } from './connection.ts';
import { LiveHub } from './hub.ts';
import { ReadableTypes } from './readable-types.ts';

export const LIVE_PATH = '/graphql';

/** A client's message (a subscribe with its document) may be this large. */
const MESSAGE_KB = 64;
/** Pings keep connections through proxies that drop idle ones, and find dead peers. */
const KEEP_ALIVE_MS = 12_000;
/** A WebSocket close reason holds at most 123 bytes. */
const REASON_BYTES = 123;

export interface LiveOptions {
  pipeline: Pipeline;
  schema: GraphQLSchema;
  documents: DocumentLimits;
  logger: Logger;
}

export interface LiveServer {
  /** Closes every live connection (1001) and stops listening for changes. */
  close(): Promise<void>;
}

/** What graphql-ws keeps of a connection beside its socket and upgrade request. */
interface Held {
  connection: LiveConnection;
  surface: Call['surface'];
  expiry: NodeJS.Timeout | null;
}

const reasonOf = (text: string) => Buffer.from(text).subarray(0, REASON_BYTES).toString().replace(/\uFFFD$/, '');

/** The call of one connection or subscription of `req`, as the audit log records it: a read of `changes` on /graphql. */
function liveCall(pipeline: Pipeline, req: IncomingMessage, surface: Call['surface']): Call {
  return newCall({ surface, method: 'GET', path: LIVE_PATH, requestId: requestIdOf(req.headers['x-request-id']), address: addressOf(req, pipeline.trust), resource: 'changes' });
}

/** A refusal as the protocol's error, shaped as /graphql shapes it. */
const protocolError = (message: string, code: string) => new GraphQLError(message, { extensions: { code } });

export async function attachLive(httpServer: Server, { pipeline, schema, documents, logger }: LiveOptions): Promise<LiveServer> {
  const { services } = pipeline;
  const { config, clock, orm } = services;
  const log = logger.child({ component: 'live' });
  const notices = new Notices(orm.config.get('clientUrl'), log);
  const hub = new LiveHub(notices, clock);
  const clients = new LiveClients(
    {
      connectionsPerClient: config.LIVE_MAX_CONNECTIONS_PER_CLIENT,
      subscriptionsPerClient: config.LIVE_MAX_SUBSCRIPTIONS_PER_CLIENT,
      sessionCheckMs: config.LIVE_SESSION_CHECK_SECONDS * 1000,
    },
    notices,
  );
  await notices.listen();
  const types = new ReadableTypes(schema);
  const formatError = graphqlErrorFormatter(log);
  const wss = new WebSocketServer({ noServer: true, maxPayload: MESSAGE_KB * 1024 });

  /** A refused connection: audited, then closed with the code that tells the client what to do. */
  const refuseConnection = async (call: Call, socket: Extra['socket'], error: unknown) => {
    const known = error instanceof DomainError ? error : databaseUnavailable(error);
    if (!known) log.error({ err: error }, 'live connection failed');
    const code = known?.code === 'UNAUTHENTICATED' ? CLOSE.unauthorized : known?.code === 'RATE_LIMITED' ? CLOSE.tooMany : CLOSE.tryAgainLater;
    socket.close(code, reasonOf(known?.message ?? 'Internal server error'));
    if (known?.code !== 'SERVICE_UNAVAILABLE') {
      refuse(call, known?.code ?? 'INTERNAL_SERVER_ERROR', known ? httpStatus(known.code) : 500);
      await pipeline.audit.record(auditEntry(pipeline, call, call.refusal!.status)).catch((failure: unknown) => log.error({ err: failure }, 'audit entry could not be written'));
    }
  };

  const disposable = useServer<Record<string, unknown>, Partial<Held>>(
    {
      schema,
      onConnect: async (ctx) => {
        const { request, socket } = ctx.extra;
        const header = offeredToken(ctx.connectionParams, request);
        const surface = header ? 'graphql' : 'console';
        const call = liveCall(pipeline, request, surface);
        try {
          const identity = await authenticateLive(pipeline, call, request, header);
          await admitToGraphql(pipeline, call);
          void call.admission?.release();
          const connection = new LiveConnection({
            pipeline,
            hub,
            types,
            caller: identity.caller,
            standing: identity.standing,
            close: (code, reason) => socket.close(code, reasonOf(reason)),
            takeSubscription: (c) => clients.takeSubscription(c),
          });
          if (!clients.add(connection)) {
            throw new RateLimited(`Too many live connections: at most ${config.LIVE_MAX_CONNECTIONS_PER_CLIENT} per client (LIVE_MAX_CONNECTIONS_PER_CLIENT)`, 1);
          }
          const expiry = identity.expiresAt === null ? null : setTimeout(() => connection.close(CLOSE.forbidden, 'Forbidden: the token expired; reconnect with a new one'), Math.max(0, identity.expiresAt - clock.now().getTime()));
          expiry?.unref();
          Object.assign(ctx.extra, { connection, surface, expiry } satisfies Held);
          return true;
        } catch (error) {
          await refuseConnection(call, socket, error);
          return false;
        }
      },
      onSubscribe: (ctx, _id, payload) => {
        const { connection, surface } = ctx.extra;
        if (!connection || !surface) return [protocolError('The connection is not authenticated', 'UNAUTHENTICATED')];
        const tooLarge = documents.problem(payload.query);
        if (tooLarge) return [protocolError(tooLarge.message, tooLarge.code)];
        let document;
        try {
          document = parse(payload.query, { maxTokens: config.GRAPHQL_MAX_TOKENS });
        } catch (error) {
          return [protocolError((error as Error).message, 'GRAPHQL_PARSE_FAILED')];
        }
        const invalid = validate(schema, document);
        if (invalid.length) return invalid.map((error) => protocolError(error.message, 'GRAPHQL_VALIDATION_FAILED'));
        const operation = getOperationAST(document, payload.operationName);
        if (operation?.operation !== OperationTypeNode.SUBSCRIPTION) {
          return [protocolError('Only subscriptions are served over WebSocket: send queries and mutations to /graphql over HTTP', 'BAD_REQUEST')];
        }
        const call = liveCall(pipeline, ctx.extra.request, surface);
        call.caller = connection.caller;
        call.operationName = payload.operationName ?? operation.name?.value ?? null;
        const contextValue = pipeline.context(call);
        contextValue.live = { changes: (requested) => connection.changes(call, requested) };
        return { schema, document, operationName: payload.operationName, variableValues: payload.variables, contextValue } satisfies ExecutionArgs;
      },
      onNext: (_ctx, _id, _payload, _args, result) =>
        result.errors ? { ...result, errors: result.errors.map((error) => formatError(error.toJSON(), error)) } : undefined,
      onError: (_ctx, _id, _payload, errors) => errors.map((error) => formatError(error.toJSON(), error)),
      onClose: (ctx) => {
        const { connection, expiry } = ctx.extra;
        if (expiry) clearTimeout(expiry);
        if (!connection) return;
        connection.ended();
        clients.remove(connection);
      },
    },
    wss,
    KEEP_ALIVE_MS,
  );

  let stopping = false;
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = pathOf(req.url).replace(/\/$/, '');
    if (stopping || path !== LIVE_PATH) {
      socket.end(`HTTP/1.1 ${stopping ? '503 Service Unavailable' : '404 Not Found'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  };
  httpServer.on('upgrade', onUpgrade);

  return {
    close: async () => {
      stopping = true;
      httpServer.off('upgrade', onUpgrade);
      clients.stop();
      await disposable.dispose();
      await notices.close();
    },
  };
}
