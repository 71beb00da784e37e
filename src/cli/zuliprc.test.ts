import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../fixtures/load.js';
import { writeZuliprcFiles } from './zuliprc.js';

describe('--zuliprc', () => {
  it('writes an [api] section with email, key and site for every active user, bots too, readable by the owner only', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'chatref-zuliprc-')), 'nested', 'rc');
    const written = writeZuliprcFiles(dir, loadFixture(), 'http://127.0.0.1:9991');
    expect(readdirSync(dir).sort()).toEqual(
      ['cordelia', 'desdemona', 'hamlet-bot', 'hamlet', 'iago', 'polonius', 'shiva'].map((name) => `${name}@chatref.test.zuliprc`).sort(),
    );
    expect(written).toHaveLength(7);
    expect(readFileSync(join(dir, 'iago@chatref.test.zuliprc'), 'utf8')).toBe(
      '[api]\nemail=iago@chatref.test\nkey=IagoAdministratorKey000000000002\nsite=http://127.0.0.1:9991\n',
    );
    expect(statSync(join(dir, 'hamlet-bot@chatref.test.zuliprc')).mode & 0o777).toBe(0o600);
  });

  it('names the certificate --https wrote as cert_bundle, by its absolute path', () => {
    const dir = mkdtempSync(join(tmpdir(), 'chatref-zuliprc-'));
    writeZuliprcFiles(dir, loadFixture(), 'https://127.0.0.1:9991', 'chatref.pem');
    expect(readFileSync(join(dir, 'iago@chatref.test.zuliprc'), 'utf8')).toBe(
      `[api]\nemail=iago@chatref.test\nkey=IagoAdministratorKey000000000002\nsite=https://127.0.0.1:9991\ncert_bundle=${join(process.cwd(), 'chatref.pem')}\n`,
    );
  });
});
