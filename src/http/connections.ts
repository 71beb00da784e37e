/**
 * The server's connections: one request at a time per connection, and the
 * graceful close.
 *
 * - Pipelined requests wait for the answer before them to reach the kernel
 *   (as nginx serves them), and the connection is not read while they wait:
 *   a client that sends requests without reading its answers costs at most
 *   one answer and one read's worth of request heads.
 * - close(): stop accepting at once (new connections are refused), answer
 *   what has been received (`Connection: close` on every answer from then
 *   on), close idle connections, and destroy what is left when the grace
 *   period ends.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Server as HttpsServer } from 'node:https';
import { Server as NetServer, type Socket } from 'node:net';
import { Server as TlsServer } from 'node:tls';

interface Connection {
  readonly socket: Socket;
  /** The answer being written (dispatched and not yet handed to the kernel), or null. */
  current: ServerResponse | null;
  /** Requests received behind the current one, in order. */
  readonly waiting: (() => void)[];
  /** Answered with a raw error (a timeout): requests still parsed from it are not run. */
  refused: boolean;
}

/**
 * node:http parses the socket natively, so socket.pause() alone does not stop
 * it reading: node:http itself pauses a connection by setting `_paused` (which
 * also pauses its parser after the current read) and resumes it the same way.
 * These are the fields it uses; connections.test.ts fails if a Node release
 * changes them.
 */
interface HttpSocket extends Socket {
  _paused?: boolean;
  parser?: { pause(): void; resume(): void } | null;
}

function pauseReading(socket: HttpSocket): void {
  if (socket._paused === true) return;
  socket._paused = true;
  socket.pause();
}

function resumeReading(socket: HttpSocket): void {
  if (socket._paused !== true) return;
  socket._paused = false;
  socket.parser?.resume();
  socket.resume();
}

export interface CloseResult {
  /** Connections still open when the grace period ended, destroyed then. */
  readonly destroyed: number;
}

export class Connections {
  private readonly open = new Map<Socket, Connection>();
  private closing: Promise<CloseResult> | undefined;
  private allClosed: (() => void) | null = null;
  private idleCloseScheduled = false;

  constructor(private readonly server: Server | HttpsServer) {
    // Over TLS, node:http is handed the decrypted socket once the handshake is done; requests name that one.
    server.on(server instanceof TlsServer ? 'secureConnection' : 'connection', (socket: Socket) => this.track(socket));
  }

  /** Whether HTTP is spoken on the socket (over TLS, the handshake is done). */
  has(socket: Socket): boolean {
    return this.open.has(socket);
  }

  get stopping(): boolean {
    return this.closing !== undefined;
  }

  private track(socket: Socket): void {
    const connection: Connection = { socket, current: null, waiting: [], refused: false };
    this.open.set(socket, connection);
    // node:http resumes a connection once its writes drain; while requests wait their turn it stays paused.
    socket.on('drain', () => {
      if (connection.waiting.length > 0) pauseReading(socket);
    });
    socket.once('close', () => {
      connection.waiting.length = 0;
      this.open.delete(socket);
      if (this.open.size === 0) this.allClosed?.();
    });
  }

  /** Runs `handle` now, or once the answers before it on its connection have been written. */
  admit(req: IncomingMessage, res: ServerResponse, handle: () => void): void {
    const connection = this.open.get(req.socket);
    if (connection === undefined) {
      handle();
      return;
    }
    if (connection.refused) return;
    const run = (): void => {
      connection.current = res;
      res.once('close', () => this.finished(connection, res));
      if (this.stopping && connection.waiting.length === 0) res.setHeader('Connection', 'close');
      handle();
    };
    if (connection.current === null) run();
    else {
      connection.waiting.push(run);
      pauseReading(req.socket);
    }
  }

  /** The answer in progress on a connection, if it has not started writing. */
  unansweredResponse(socket: Socket): ServerResponse | null {
    const current = this.open.get(socket)?.current ?? null;
    return current !== null && !current.headersSent ? current : null;
  }

  /** Whether the connection has an answer in progress. */
  busy(socket: Socket): boolean {
    return (this.open.get(socket)?.current ?? null) !== null;
  }

  /** Marks a connection answered with a raw error: nothing more is run on it. */
  refuse(socket: Socket): void {
    const connection = this.open.get(socket);
    if (connection === undefined) return;
    connection.refused = true;
    connection.waiting.length = 0;
  }

  private finished(connection: Connection, res: ServerResponse): void {
    if (connection.current !== res) return;
    connection.current = null;
    const next = connection.waiting.shift();
    if (next !== undefined) {
      if (connection.waiting.length === 0) resumeReading(connection.socket);
      next();
    } else if (this.stopping) {
      // An answer whose headers went out before the close began was sent without `Connection: close`.
      this.closeIdleSoon();
    }
  }

  /**
   * Closes the connections with nothing in progress, after two turns of the event loop: a request whose bytes
   * had already arrived (a busy loop may not have read them yet) is parsed first, and so its connection is busy.
   */
  private closeIdleSoon(): void {
    if (this.idleCloseScheduled) return;
    this.idleCloseScheduled = true;
    setImmediate(() =>
      setImmediate(() => {
        this.idleCloseScheduled = false;
        this.server.closeIdleConnections();
        // node:http counts a connection that has sent nothing yet as busy (its header timeout runs); nothing was received on it.
        for (const connection of this.open.values()) if (connection.current === null && connection.socket.bytesRead === 0) connection.socket.destroy();
        if (this.open.size === 0) this.allClosed?.();
      }),
    );
  }

  /**
   * Stops accepting connections at once and resolves when every connection
   * has closed, or after `graceMs`, when the rest are destroyed.
   * `beforeIdleClose` runs once no new connection can arrive (the store answers its held requests there).
   */
  close(graceMs: number, beforeIdleClose: () => void): Promise<CloseResult> {
    this.closing ??= new Promise<CloseResult>((resolve) => {
      // net's close stops listening without node:http's immediate closing of idle connections (closeIdleSoon waits
      // until requests already in the kernel's buffers have been read), and the header and request timeouts keep running.
      if (this.server.listening) NetServer.prototype.close.call(this.server);
      for (const connection of this.open.values()) {
        const current = connection.current;
        if (current !== null && !current.headersSent && connection.waiting.length === 0) current.setHeader('Connection', 'close');
      }
      beforeIdleClose();
      let timer: NodeJS.Timeout | undefined;
      let settled = false;
      const done = (destroyed: number): void => {
        if (settled) return;
        settled = true;
        if (timer !== undefined) clearTimeout(timer);
        this.allClosed = null;
        // node:http's own close: clears its timeout checks (listening has already stopped).
        this.server.close();
        resolve({ destroyed });
      };
      this.allClosed = () => done(0);
      timer = setTimeout(() => {
        const left = [...this.open.keys()];
        this.allClosed = null;
        for (const socket of left) socket.destroy();
        done(left.length);
      }, graceMs);
      timer.unref();
      this.closeIdleSoon();
    });
    return this.closing;
  }
}
