import { existsSync } from 'node:fs';
import type net from 'node:net';
import type { MessageConnection } from 'vscode-jsonrpc/node';
import type { EngineSettings } from '../config/settings';
import type { BuiltContext } from '../context/types';
import type { ContextParams, FilesResult, ServeStatus } from './protocol';
import { withDeadline } from '../net/deadline';
import { connectSocket, residentSocketPaths } from './socket-path';

/** A connection to the resident server of one folder. */
export interface ResidentClient {
  socketPath: string;
  context(params: Omit<ContextParams, 'protocol' | 'root'>): Promise<BuiltContext>;
  files(settings: EngineSettings): Promise<FilesResult>;
  status(): Promise<ServeStatus>;
  /** Asks the server to stop; its status (pid) as it stops. */
  shutdown(): Promise<ServeStatus>;
  close(): void;
}

/** A server still building its first index makes a question wait up to 10 s; one silent for longer is given up on. */
const ANSWER_TIMEOUT_MS = 30_000;

const within = <T>(work: Promise<T>) =>
  withDeadline(work, ANSWER_TIMEOUT_MS, () => new Error(`grounded serve did not answer within ${ANSWER_TIMEOUT_MS / 1000} s`));

/**
 * Connects to the `grounded serve` of `root`, if one runs; undefined otherwise (no socket, a stale
 * one, a server that does not answer in time). Where there is no socket file this costs a stat or two.
 */
export async function connectResident(root: string): Promise<ResidentClient | undefined> {
  let socket: net.Socket | undefined;
  let socketPath = '';
  for (const place of residentSocketPaths(root)) {
    if (process.platform !== 'win32' && !existsSync(place)) continue;
    socket = await connectSocket(place);
    socketPath = place;
    if (socket) break;
  }
  if (!socket) return undefined;
  // Loaded only when a server answers: without one, `grounded query` and `files` do not pay for them (~10 ms).
  const [jsonrpc, protocol] = await Promise.all([import('vscode-jsonrpc/node'), import('./protocol')]);
  const { createMessageConnection, SocketMessageReader, SocketMessageWriter } = jsonrpc;
  const { ContextRequest, FilesRequest, RESIDENT_PROTOCOL, ServeStatusRequest, ShutdownRequest } = protocol;
  const conn: MessageConnection = createMessageConnection(new SocketMessageReader(socket), new SocketMessageWriter(socket));
  conn.listen();
  // A server that goes away mid-question rejects the request: the CLI then answers by itself.
  socket.on('error', () => conn.dispose());
  socket.on('close', () => conn.dispose());
  return {
    socketPath,
    context: async (params) => within(conn.sendRequest(ContextRequest, { ...params, protocol: RESIDENT_PROTOCOL, root })),
    files: async (settings) => within(conn.sendRequest(FilesRequest, { protocol: RESIDENT_PROTOCOL, root, settings })),
    status: async () => within(conn.sendRequest(ServeStatusRequest, {})),
    shutdown: async () => within(conn.sendRequest(ShutdownRequest, {})),
    close: () => {
      conn.dispose();
      socket.destroy();
    },
  };
}
