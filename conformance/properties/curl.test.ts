/** The curl reproductions survive the shell: every argument arrives as it was meant. */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { curlLine, curlScript } from './curl.js';

/** Runs the script with `curl` replaced by a function that prints its arguments, NUL-separated. */
function argumentsSeen(script: string): string[][] {
  const fake = 'curl() { printf "%s\\0" "$@"; printf "\\n"; }';
  const output = execFileSync('sh', ['-c', `${fake}\n${script.replace(/^#!.*\n/, '')}`], { env: { CHATREF_URL: 'http://h' } }).toString('utf8');
  return output
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.split('\0').slice(0, -1));
}

describe('curl reproductions', () => {
  it('send GET parameters in the query and others in the body', () => {
    expect(curlLine({ auth: null, method: 'GET', path: '/users', params: { a: '1' } })).toBe(`curl -sS -G "$CHATREF_URL/api/v1/users" --data-urlencode 'a=1'`);
    expect(curlLine({ auth: { email: 'a@b.c', apiKey: 'k' }, method: 'PATCH', path: '/users/5' })).toBe(
      `curl -sS -X PATCH "$CHATREF_URL/api/v1/users/5" -u 'a@b.c:k'`,
    );
  });

  it('keep quotes, Unicode and raw headers intact through the shell', () => {
    const script = curlScript([
      { auth: 'Basic ???', method: 'POST', path: '/users/me/status', params: { status_text: 'it\'s "odd" $HOME `x` \u200F 👩‍👩‍👧' } },
      { auth: { email: "o'neil@x.test", apiKey: 'key' }, method: 'GET', path: '/users/a b@x.test' },
    ]);
    const [first, second] = argumentsSeen(script);
    expect(first).toEqual([
      '-sS',
      '-X',
      'POST',
      'http://h/api/v1/users/me/status',
      '-H',
      'Authorization: Basic ???',
      '--data-urlencode',
      'status_text=it\'s "odd" $HOME `x` \u200F 👩‍👩‍👧',
    ]);
    expect(second).toEqual(['-sS', '-G', 'http://h/api/v1/users/a%20b%40x.test', '-u', "o'neil@x.test:key"]);
  });

  it('pre-encode values a shell argument cannot carry', () => {
    const [args] = argumentsSeen(curlScript([{ auth: null, method: 'POST', path: '/x', params: { 'a=b': 'nul\u0000here', c: 'line\nbreak' } }]));
    expect(args).toEqual(['-sS', '-X', 'POST', 'http://h/api/v1/x', '--data', 'a%3Db=nul%00here', '--data', 'c=line%0Abreak']);
  });
});
