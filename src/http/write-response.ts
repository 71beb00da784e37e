/** Writes a ModelResponse: its status and headers, and its body as JSON, as text, or as bytes streamed from the content store. */
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { ModelResponse, ServedFile } from '../model/request.js';
import type { ContentStore } from '../store/content-store.js';

export function writeResponse(res: ServerResponse, response: ModelResponse, method: string, content?: ContentStore): void {
  if (res.headersSent || res.destroyed) return;
  const head = method.toUpperCase() === 'HEAD';
  if (response.file !== undefined && content !== undefined) {
    writeFile(res, response, response.file, head, content);
    return;
  }
  const headers = { ...response.headers } as OutgoingHttpHeaders;
  // A string body lets node send headers and body in one write instead of a writev of two buffers.
  const payload = response.text ?? (response.body === null ? null : JSON.stringify(response.body));
  if (payload === null) {
    delete headers['Content-Type'];
    // A 204 or 304 must not carry Content-Length at all.
    if (response.status !== 204 && response.status !== 304) headers['Content-Length'] = 0;
  } else {
    if (response.text === undefined) headers['Content-Type'] = 'application/json';
    headers['Content-Length'] = Buffer.byteLength(payload, 'utf8');
  }
  res.writeHead(response.status, headers);
  // A HEAD reply carries the headers a GET would, without the body.
  if (head || payload === null) res.end();
  else res.end(payload, 'utf8');
}

/** Streams the stored bytes (or the asked range) with backpressure; the content never sits whole in one buffer. */
function writeFile(res: ServerResponse, response: ModelResponse, file: ServedFile, head: boolean, content: ContentStore): void {
  const length = file.range === undefined ? file.size : file.range.end - file.range.start + 1;
  const headers: OutgoingHttpHeaders = { ...response.headers, 'Content-Type': file.contentType, 'Content-Length': length };
  if (file.disposition !== null) headers['Content-Disposition'] = file.disposition;
  const stream = head ? undefined : content.read(file.contentKey, file.range);
  res.writeHead(response.status, headers);
  if (stream === undefined) {
    res.end();
    return;
  }
  stream.on('error', () => res.destroy());
  res.once('close', () => stream.destroy());
  stream.pipe(res);
}
