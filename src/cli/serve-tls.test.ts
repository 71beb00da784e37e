/** `chatref serve --https` and `--tls-cert/--tls-key`, spawned, reached with curl and with zulip-js trusting the written certificate. */
import { type ChildProcessWithoutNullStreams, execFile, spawn } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../clients/wait-for.js';
import { parseServeArgs } from './serve.js';
import { UsageError } from './usage-error.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = ['--import', 'tsx', 'src/cli/main.ts'];
const run = promisify(execFile);

const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

interface FirstLine {
  url: string;
  api_url: string;
  users: { email: string; api_key: string }[];
  tls: { fingerprint_sha256: string; certificate: string; self_signed: boolean };
}

function serve(args: string[]) {
  const child = spawn(process.execPath, [...CLI, 'serve', '--port', '0', ...args], { cwd: ROOT });
  children.push(child);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const lines = createInterface({ input: child.stdout });
  const firstLine = new Promise<FirstLine>((resolve) => lines.once('line', (line) => resolve(JSON.parse(line))));
  const exit = once(child, 'exit').then(([code]) => code as number | null);
  return { child, firstLine, exit, stderr: () => stderr };
}

async function curl(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('curl', ['-sS', '--max-time', '60', ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** openssl makes the caller's own certificate, independently of chatref's generator. */
async function opensslCertificate(dir: string, name: string): Promise<{ cert: string; key: string }> {
  const cert = join(dir, `${name}.crt`);
  const key = join(dir, `${name}.key`);
  await run('openssl', [
    ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '2'],
    ...['-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', key, '-out', cert],
  ]);
  return { cert, key };
}

/** zulip-js, unmodified, in its own process, which trusts the certificate only through NODE_EXTRA_CA_CERTS. */
const ZULIP_JS_SCRIPT = `
import zulip from 'zulip-js';
const realm = process.env.REALM;
const [hamlet, iago] = JSON.parse(process.env.USERS);
const reader = await zulip({ username: hamlet.email, apiKey: hamlet.api_key, realm });
const writer = await zulip({ username: iago.email, apiKey: iago.api_key, realm });
const queue = await reader.queues.register({ event_types: ['message'] });
const events = reader.events.retrieve({ queue_id: queue.queue_id, last_event_id: queue.last_event_id });
const sent = await writer.messages.send({ type: 'stream', to: 'general', topic: 'tls', content: 'sent over TLS' });
process.stdout.write(JSON.stringify({ queue: queue.result, sent: sent.result, events: await events }));
`;

function zulipJs(realm: string, users: FirstLine['users'], caFile: string): Promise<{ queue: string; sent: string; events: { events: unknown[] } }> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', ZULIP_JS_SCRIPT], {
    cwd: ROOT,
    env: { ...process.env, NODE_EXTRA_CA_CERTS: caFile, REALM: realm, USERS: JSON.stringify(users) },
  });
  children.push(child as ChildProcessWithoutNullStreams);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  return once(child, 'exit').then(([code]) => {
    if (code !== 0) throw new Error(`zulip-js exited ${code}: ${stderr}`);
    return JSON.parse(stdout);
  });
}

// Each test starts Node processes; on a loaded 2-core machine that alone can take several seconds.
describe('chatref serve over HTTPS', { timeout: 300_000 }, () => {
  it('--https: an https URL, the fingerprint and PEM in the first line, the PEM written for curl --cacert and zulip-js', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chatref-tls-'));
    const caFile = join(dir, 'chatref.pem');
    const server = serve(['--https', '--tls-cert-out', caFile, '--zuliprc', join(dir, 'rc')]);
    const info = await server.firstLine;
    expect(info.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(info.api_url).toBe(`${info.url}/api/v1`);
    const written = readFileSync(caFile, 'utf8');
    expect(written).toBe(info.tls.certificate);
    expect(info.tls.self_signed).toBe(true);
    expect(info.tls.fingerprint_sha256).toBe(new X509Certificate(written).fingerprint256);
    expect(readFileSync(join(dir, 'rc', 'iago@chatref.test.zuliprc'), 'utf8')).toContain(`site=${info.url}\ncert_bundle=${caFile}\n`);
    // Logged after the first line.
    await waitFor(() => (server.stderr().includes(`HTTPS certificate SHA-256 ${info.tls.fingerprint_sha256}`) ? true : undefined), 30_000);

    const untrusted = await curl(`${info.api_url}/server_settings`);
    expect(untrusted.code).toBe(60); // curl: the peer's certificate cannot be authenticated
    const trusted = await curl('--cacert', caFile, `${info.api_url}/server_settings`);
    expect(trusted.code).toBe(0);
    expect(JSON.parse(trusted.stdout)).toMatchObject({ result: 'success', realm_uri: info.url });
    const port = new URL(info.url).port;
    const byName = await curl('--cacert', caFile, `https://localhost:${port}/api/v1/server_settings`);
    expect(JSON.parse(byName.stdout)).toMatchObject({ result: 'success' });

    const hamlet = info.users.find((user) => user.email === 'hamlet@chatref.test')!;
    const iago = info.users.find((user) => user.email === 'iago@chatref.test')!;
    const outcome = await zulipJs(info.url, [hamlet, iago], caFile);
    expect(outcome.queue).toBe('success');
    expect(outcome.sent).toBe('success');
    expect(outcome.events.events).toEqual([expect.objectContaining({ type: 'message', message: expect.objectContaining({ content: 'sent over TLS' }) })]);

    server.child.kill('SIGTERM');
    expect(await server.exit).toBe(0);
  });

  it('--tls-cert/--tls-key: serves the caller’s own certificate', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chatref-tls-'));
    const own = await opensslCertificate(dir, 'own');
    const server = serve(['--tls-cert', own.cert, '--tls-key', own.key]);
    const info = await server.firstLine;
    expect(info.url).toMatch(/^https:\/\//);
    expect(info.tls.self_signed).toBe(false);
    expect(info.tls.fingerprint_sha256).toBe(new X509Certificate(readFileSync(own.cert)).fingerprint256);
    const trusted = await curl('--cacert', own.cert, `${info.api_url}/server_settings`);
    expect(JSON.parse(trusted.stdout)).toMatchObject({ result: 'success' });
    server.child.kill('SIGTERM');
    expect(await server.exit).toBe(0);
  });

  it('refuses unreadable and mismatched files in one line, exit 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chatref-tls-'));
    const own = await opensslCertificate(dir, 'own');
    const other = await opensslCertificate(dir, 'other');
    const missing = join(dir, 'missing.pem');
    const cases: [string[], string][] = [
      [['--tls-cert', missing, '--tls-key', own.key], `chatref: cannot read --tls-cert ${missing}: no such file`],
      [['--tls-cert', own.cert, '--tls-key', dir], `chatref: cannot read --tls-key ${dir}: a directory`],
      [['--tls-cert', own.cert, '--tls-key', other.key], `chatref: --tls-key ${other.key} is not the private key of the certificate in --tls-cert ${own.cert}`],
      [['--tls-cert', own.key, '--tls-key', own.key], `chatref: --tls-cert ${own.key} is not a PEM certificate`],
    ];
    await Promise.all(
      cases.map(async ([args, message]) => {
        const server = serve(args);
        expect(await server.exit, args.join(' ')).toBe(2);
        const lines = server.stderr().trimEnd().split('\n');
        expect(lines, args.join(' ')).toHaveLength(1);
        expect(lines[0], args.join(' ')).toContain(message);
      }),
    );
  });

  it('refuses incomplete TLS options as usage errors', () => {
    expect(() => parseServeArgs(['--tls-cert', 'a.pem'])).toThrow(new UsageError('--tls-cert and --tls-key go together'));
    expect(() => parseServeArgs(['--tls-cert-out', 'a.pem'])).toThrow(new UsageError('--tls-cert-out needs --https'));
    expect(() => parseServeArgs(['--tls-cert', 'a', '--tls-key', 'b', '--tls-cert-out', 'c'])).toThrow(UsageError);
    expect(parseServeArgs([]).tls.mode).toBe('none');
    expect(parseServeArgs(['--https']).tls.mode).toBe('self-signed');
    expect(parseServeArgs(['--tls-cert', 'a', '--tls-key', 'b']).tls).toEqual({ mode: 'files', certFile: 'a', keyFile: 'b', certOut: undefined });
  });
});
