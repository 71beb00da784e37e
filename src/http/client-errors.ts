/**
 * Answers for requests node:http could not hand over: a request that did not
 * arrive in time gets a JSON 408 where an answer is still possible (nothing
 * else is being answered on its connection), a malformed one a bare 400;
 * then the connection closes.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { errorResponse } from '../model/envelope.js';
import { type ApiError, Errors } from '../model/errors.js';
import type { Connections } from './connections.js';
import { writeResponse } from './write-response.js';

export interface RequestTimeouts {
  readonly headerTimeoutMs: number;
  readonly requestTimeoutMs: number;
}

/** An error answer as raw bytes, for a connection on which no response object exists yet. */
function rawErrorResponse(error: ApiError): string {
  const body = JSON.stringify(errorResponse(error).body);
  return (
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? ''}\r\n` +
    'Content-Type: application/json\r\n' +
    `Content-Length: ${Buffer.byteLength(body, 'utf8')}\r\n` +
    'Connection: close\r\n\r\n' +
    body
  );
}

function seconds(ms: number): number {
  return Math.round(ms) / 1000;
}

export function clientErrorHandler(connections: Connections, timeouts: RequestTimeouts) {
  return (error: NodeJS.ErrnoException, socket: Socket): void => {
    // node:https reports a failed or timed-out TLS handshake here too: no HTTP was spoken, so none is answered.
    if (error.code === 'ECONNRESET' || !socket.writable || !connections.has(socket)) {
      socket.destroy();
      return;
    }
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      const res = connections.unansweredResponse(socket);
      if (res !== null && !res.req.complete) {
        // The head arrived and the body did not: answered through its response object, which closes the connection after it.
        connections.refuse(socket);
        const timeout = errorResponse(Errors.requestTimeout('body', seconds(timeouts.requestTimeoutMs)));
        writeResponse(res, { ...timeout, headers: { ...timeout.headers, Connection: 'close' } }, res.req.method ?? 'GET');
        return;
      }
      if (connections.busy(socket)) {
        // An answer is in progress ahead of the late request: a 408 cannot be put in front of it.
        socket.destroy();
        return;
      }
      connections.refuse(socket);
      socket.end(rawErrorResponse(Errors.requestTimeout('headers', seconds(timeouts.headerTimeoutMs))));
      socket.once('finish', () => socket.destroy());
      return;
    }
    if (connections.busy(socket)) {
      socket.destroy();
      return;
    }
    connections.refuse(socket);
    socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  };
}
