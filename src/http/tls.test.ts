/** HTTPS: the certificate made at start, and what works over HTTP working over TLS too. */
import { X509Certificate } from 'node:crypto';
import { once } from 'node:events';
import { connect as tcpConnect } from 'node:net';
import { type TLSSocket, connect as tlsConnect } from 'node:tls';
import { Agent, FormData, request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../clients/wait-for.js';
import { loadFixture } from '../fixtures/load.js';
import { HAMLET, IAGO } from '../testing/default-realm.js';
import { generateSelfSignedCertificate, ipAddressBytes } from './self-signed.js';
import { type RunningServer, type ServerOptions, startServer } from './server.js';
import { certificateNames, TlsError } from './tls.js';

function basic(actor: { email: string; apiKey: string }): string {
  return `Basic ${Buffer.from(`${actor.email}:${actor.apiKey}`).toString('base64')}`;
}

let server: RunningServer | undefined;
let agent: Agent | undefined;
async function start(options: Partial<ServerOptions> = {}): Promise<{ server: RunningServer; agent: Agent }> {
  server = await startServer({ state: loadFixture(), port: 0, log: () => {}, tls: true, ...options });
  // Trusts only the server's own certificate, as a client given the PEM from the first line does.
  agent = new Agent({ connect: { ca: server.tls!.certificate } });
  return { server, agent };
}
afterEach(async () => {
  await agent?.close();
  await server?.stop();
  server = undefined;
  agent = undefined;
});

function tlsSocket(port: number, ca: string): Promise<TLSSocket> {
  const socket = tlsConnect({ host: '127.0.0.1', port, ca });
  return once(socket, 'secureConnect').then(() => socket);
}

function readUntilClose(socket: TLSSocket): Promise<string> {
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.on('error', () => {});
  return new Promise((resolve) => socket.once('close', () => resolve(Buffer.concat(chunks).toString('utf8'))));
}

describe('the certificate made at start', () => {
  it('names the loopback addresses, localhost and the host, serves server authentication, and verifies itself', async () => {
    const { server } = await start({ host: 'localhost' });
    expect(server.url).toBe(`https://localhost:${server.port}`);
    const certificate = new X509Certificate(server.tls!.certificate);
    expect(certificate.subjectAltName).toBe('DNS:localhost, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1');
    expect(certificate.ca).toBe(true);
    expect(certificate.keyUsage).toEqual(['1.3.6.1.5.5.7.3.1']);
    expect(certificate.verify(certificate.publicKey)).toBe(true);
    expect(server.tls!.fingerprint256).toBe(certificate.fingerprint256);
    expect(server.tls!.fingerprint256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    const days = (Date.parse(certificate.validTo) - Date.parse(certificate.validFrom)) / 86_400_000;
    expect(days).toBeLessThanOrEqual(825);
    expect(Date.parse(certificate.validFrom)).toBeLessThan(Date.now());
  });

  it('adds the host it is given, and this machine’s addresses for a wildcard host', () => {
    expect(certificateNames('chat.example.test')).toEqual(['localhost', '127.0.0.1', '::1', 'chat.example.test']);
    expect(certificateNames('[::1]')).toEqual(['localhost', '127.0.0.1', '::1']);
    const everywhere = certificateNames('0.0.0.0');
    expect(everywhere.length).toBeGreaterThan(3);
    expect(everywhere).not.toContain('0.0.0.0');
  });

  it('encodes IP addresses as their octets', () => {
    expect([...ipAddressBytes('192.0.2.7')]).toEqual([192, 0, 2, 7]);
    expect([...ipAddressBytes('::1')]).toEqual([...new Array(15).fill(0), 1]);
    expect([...ipAddressBytes('fd00::2:0')]).toEqual([0xfd, 0, ...new Array(10).fill(0), 0, 2, 0, 0]);
    expect([...ipAddressBytes('::ffff:10.1.2.3')]).toEqual([...new Array(10).fill(0), 0xff, 0xff, 10, 1, 2, 3]);
  });

  it('is refused by a client that does not trust it, and trusted by one given its PEM', async () => {
    const { server, agent } = await start();
    await expect(request(`${server.apiUrl}/server_settings`)).rejects.toThrow(/self[- ]signed/i);
    const res = await request(`${server.apiUrl}/server_settings`, { dispatcher: agent });
    expect(res.statusCode).toBe(200);
    expect(((await res.body.json()) as { realm_uri: string }).realm_uri).toBe(server.url);
  });
});

describe('the caller’s own certificate', () => {
  it('is served when it matches its key, and refused in one line when it does not', async () => {
    const own = await generateSelfSignedCertificate(['localhost', '127.0.0.1'], new Date());
    const other = await generateSelfSignedCertificate(['localhost'], new Date());
    const { server, agent } = await start({ tls: own });
    expect(server.tls).toMatchObject({ certificate: new X509Certificate(own.cert).toString(), selfSigned: false });
    expect((await request(`${server.apiUrl}/server_settings`, { dispatcher: agent })).statusCode).toBe(200);

    const refusals: [ServerOptions['tls'], string][] = [
      [{ cert: own.cert, key: other.key }, 'tls.key is not the private key of the certificate in tls.cert'],
      [{ cert: 'not a certificate', key: own.key }, 'tls.cert is not a PEM certificate'],
      [{ cert: own.cert, key: own.cert }, 'tls.key is not a PEM private key'],
    ];
    for (const [tls, message] of refusals) {
      const starting = startServer({ state: loadFixture(), port: 0, log: () => {}, ...(tls === undefined ? {} : { tls }) });
      await expect(starting).rejects.toThrow(TlsError);
      await expect(starting).rejects.toThrow(message);
    }
  });
});

describe('over HTTPS', () => {
  it('holds a long-poll and answers it with the event of a message sent meanwhile', async () => {
    const { server, agent } = await start();
    const registered = (await (
      await request(`${server.apiUrl}/register`, {
        method: 'POST',
        dispatcher: agent,
        headers: { authorization: basic(HAMLET), 'content-type': 'application/x-www-form-urlencoded' },
        body: 'event_types=["message"]',
      })
    ).body.json()) as { queue_id: string; last_event_id: number };
    const poll = request(`${server.apiUrl}/events?queue_id=${registered.queue_id}&last_event_id=${registered.last_event_id}`, {
      dispatcher: agent,
      headers: { authorization: basic(HAMLET) },
    });
    await waitFor(() => (server.store.waitingCount > 0 ? true : undefined), 10_000);
    const sent = await request(`${server.apiUrl}/messages`, {
      method: 'POST',
      dispatcher: agent,
      headers: { authorization: basic(IAGO), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'type=stream&to=general&topic=tls&content=over%20TLS',
    });
    expect(sent.statusCode).toBe(200);
    const events = (await (await poll).body.json()) as { events: { type: string; message: { content: string } }[] };
    expect(events.events.map((event) => [event.type, event.message.content])).toEqual([['message', 'over TLS']]);
  });

  it('takes an upload and serves it back', async () => {
    const { server, agent } = await start();
    const form = new FormData();
    form.append('file', new Blob(['secret bytes'], { type: 'text/plain' }), 'note.txt');
    const uploaded = await request(`${server.apiUrl}/user_uploads`, {
      method: 'POST',
      dispatcher: agent,
      body: form,
      headers: { authorization: basic(HAMLET) },
    });
    const { url } = (await uploaded.body.json()) as { url: string };
    expect(uploaded.statusCode).toBe(200);
    const download = await request(`${server.url}${url}`, { dispatcher: agent, headers: { authorization: basic(HAMLET) } });
    expect(download.statusCode).toBe(200);
    expect(await download.body.text()).toBe('secret bytes');
  });

  it('serves the home page, the admin API and CORS preflights', async () => {
    const { server, agent } = await start({ cors: { origins: ['https://app.test:5173'] } });
    const home = await request(`${server.url}/`, { dispatcher: agent });
    expect(home.statusCode).toBe(200);
    expect(await home.body.text()).toContain(`<code>${server.url}/api/v1</code>`);
    const clock = await request(`${server.adminUrl}/clock`, { dispatcher: agent, headers: { authorization: `Bearer ${server.adminToken}` } });
    expect(clock.statusCode).toBe(200);
    expect(await clock.body.json()).toMatchObject({ result: 'success' });
    const preflight = await request(`${server.apiUrl}/users/me`, {
      method: 'OPTIONS',
      dispatcher: agent,
      headers: { origin: 'https://app.test:5173', 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://app.test:5173');
  });

  it('answers a held long-poll on stop, closes an idle connection at once, and refuses new connections', async () => {
    // A grace longer than the test: stop() resolves only if the idle TLS connection is closed without waiting it out.
    const { server, agent } = await start({ shutdownGraceMs: 120_000 });
    const ca = server.tls!.certificate;
    const idle = await tlsSocket(server.port, ca);
    const idleClosed = readUntilClose(idle);
    const registered = (await (
      await request(`${server.apiUrl}/register`, { method: 'POST', dispatcher: agent, headers: { authorization: basic(HAMLET) } })
    ).body.json()) as { queue_id: string; last_event_id: number };
    const poll = request(`${server.apiUrl}/events?queue_id=${registered.queue_id}&last_event_id=${registered.last_event_id}`, {
      dispatcher: agent,
      headers: { authorization: basic(HAMLET) },
    });
    await waitFor(() => (server.store.waitingCount > 0 ? true : undefined), 10_000);
    const stopped = server.stop();
    const answered = await poll;
    expect(answered.statusCode).toBe(200);
    await answered.body.json();
    await stopped;
    expect(await idleClosed).toBe('');
    const refused = tcpConnect(server.port, '127.0.0.1');
    const [error] = (await once(refused, 'error')) as [NodeJS.ErrnoException];
    expect(error.code).toBe('ECONNREFUSED');
  });

  it('answers a request whose headers never finish with a JSON 408, and closes a connection that never finishes its handshake', async () => {
    const { server } = await start({ headerTimeoutMs: 300, requestTimeoutMs: 300 });
    const slow = await tlsSocket(server.port, server.tls!.certificate);
    const answer = readUntilClose(slow);
    slow.write(`GET /api/v1/users/me HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${basic(HAMLET)}\r\n`);
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toMatchObject({
      result: 'error',
      msg: "Request timeout: the request's headers did not arrive within 0.3 s",
    });

    // Plain bytes where a TLS ClientHello belongs are no HTTP request: the connection closes without an answer.
    const plain = tcpConnect(server.port, '127.0.0.1');
    const plainChunks: Buffer[] = [];
    plain.on('data', (chunk: Buffer) => plainChunks.push(chunk));
    plain.on('error', () => {});
    plain.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    await once(plain, 'close');
    expect(Buffer.concat(plainChunks).toString('latin1')).not.toContain('HTTP/1.1');

    const silent = tcpConnect(server.port, '127.0.0.1');
    silent.on('error', () => {});
    await once(silent, 'connect');
    await once(silent, 'close');
  });
});
