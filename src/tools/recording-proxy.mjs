/**
 * A small HTTP proxy in front of a chatref server that keeps every exchange:
 * who asked (the Basic auth email), method, path, query and form parameters,
 * the User-Agent, and the status and JSON body of the answer. Exchanges are
 * kept in the order their answers left the server, so a long poll appears
 * after the writes that woke it and a sequential replay does not block.
 */
import http from 'node:http';

function emailOf(authorization) {
  if (typeof authorization !== 'string' || !authorization.startsWith('Basic ')) return null;
  const decoded = Buffer.from(authorization.slice(6), 'base64').toString('utf8');
  return decoded.slice(0, decoded.indexOf(':'));
}

function formOf(contentType, body) {
  if (body.length === 0 || !String(contentType ?? '').startsWith('application/x-www-form-urlencoded')) return null;
  return Object.fromEntries(new URLSearchParams(body.toString('utf8')));
}

/** Listens on 127.0.0.1 (a free port) and forwards to `upstream` (http://host:port). */
export function startRecordingProxy(upstream) {
  const target = new URL(upstream);
  const exchanges = [];
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url, 'http://proxy');
      const headers = { ...req.headers, host: target.host };
      const forward = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers }, (answer) => {
        const answerChunks = [];
        answer.on('data', (chunk) => answerChunks.push(chunk));
        answer.on('end', () => {
          const answerBody = Buffer.concat(answerChunks);
          let json = null;
          try {
            json = JSON.parse(answerBody.toString('utf8'));
          } catch {
            // Not JSON (an avatar, a file): the exchange is kept without a body.
          }
          exchanges.push({
            user: emailOf(req.headers.authorization),
            userAgent: req.headers['user-agent'] ?? null,
            method: req.method,
            path: url.pathname,
            query: Object.fromEntries(url.searchParams),
            form: formOf(req.headers['content-type'], body),
            status: answer.statusCode,
            json,
          });
          res.writeHead(answer.statusCode, answer.headers);
          res.end(answerBody);
        });
      });
      forward.on('error', (error) => {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(String(error));
      });
      forward.end(body);
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({
        url: `http://127.0.0.1:${port}`,
        exchanges,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
