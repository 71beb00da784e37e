/**
 * The reporters on a report with failures whose bodies hold markup, quotes
 * and control characters: console last line, JSON round trip, well-formed
 * JUnit XML, escaped self-contained HTML, and curl scripts that really
 * repeat the requests.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../src/create-server.js';
import type { RunningServer } from '../src/http/server.js';
import { type Check, CheckFailure } from './check.js';
import type { Clause } from './clauses.js';
import { expectEqual, expectSuccess } from './expect.js';
import { formatConsoleReport } from './report/console.js';
import { curlCommand, shellQuote } from './report/curl.js';
import { formatDiff } from './report/diff.js';
import { formatHtmlReport } from './report/html.js';
import { formatJsonReport } from './report/json.js';
import { formatJunitReport } from './report/junit.js';
import type { ConformanceReport } from './report/types.js';
import { escapeXml } from './report/xml.js';
import { modelOwner, runConformance } from './runner.js';

const NASTY = `<script>alert("x")</script> & 'q' \u0001\u001b ]]> \uD800`;

const CLAUSES: readonly Clause[] = [
  { id: 'sample.ok', section: 'User', summary: 'fine <b>bold</b>', level: 'spec', endpoint: 'GET /users/me' },
  { id: 'sample.bad', section: 'User', summary: 'broken & "quoted"', level: 'spec', endpoint: 'POST /users/me/status' },
  { id: 'sample.none', section: 'Errors', summary: 'not covered', level: 'compat' },
];

const passing: Check = {
  id: 'sample.passes',
  title: 'Given a member when they read themselves then success',
  clauses: ['sample.ok'],
  level: 'spec',
  endpoint: 'GET /users/me',
  async run(ctx) {
    expectSuccess(await ctx.call(ctx.cast.member, 'GET', '/users/me'));
  },
};

const failing: Check = {
  id: 'sample.fails',
  title: `Given markup ${NASTY} then it is escaped`,
  clauses: ['sample.bad'],
  level: 'spec',
  endpoint: 'POST /users/me/status',
  async run(ctx) {
    const response = await ctx.call(ctx.cast.member, 'POST', '/users/me/status', { status_text: `it's $HOME "<b>"` });
    expectSuccess(response);
    throw new CheckFailure(`a body without ${NASTY}`);
  },
};

let report: ConformanceReport;
/** `passing` ran, then SIGINT: `failing` and its copy did not. */
let interrupted: ConformanceReport;
beforeAll(async () => {
  report = await runConformance({ target: 'model', checks: [passing, failing], clauses: CLAUSES, seed: 5 });
  const controller = new AbortController();
  interrupted = await runConformance({
    target: 'model',
    checks: [passing, failing, { ...failing, id: 'sample.fails-too' }],
    clauses: CLAUSES,
    seed: 5,
    signal: controller.signal,
    onProgress: (event) => {
      if (event.kind === 'finished') controller.abort('SIGINT');
    },
  });
});

/** A minimal XML well-formedness check: one root, balanced tags, known entities, no raw `<`/`&` in text, only XML characters. */
function assertWellFormedXml(xml: string): void {
  // eslint-disable-next-line no-control-regex
  expect(xml).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  const stack: string[] = [];
  let roots = 0;
  const token = /<(\/?)([A-Za-z_][\w.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  let match: RegExpExecArray | null;
  let consumed = 0;
  while ((match = token.exec(body)) !== null) {
    consumed = token.lastIndex;
    const [, closing, name, attributes, selfClosing, text] = match;
    const checkEntities = (part: string) => expect(part.replace(/&(amp|lt|gt|quot|apos|#\d+);/g, '')).not.toMatch(/[&<]/);
    if (text !== undefined) {
      if (stack.length === 0) expect(text.trim()).toBe('');
      checkEntities(text);
      continue;
    }
    checkEntities(attributes ?? '');
    if (closing) {
      expect(stack.pop()).toBe(name);
    } else if (!selfClosing) {
      if (stack.length === 0) roots += 1;
      stack.push(name!);
    } else if (stack.length === 0) roots += 1;
  }
  expect(consumed).toBe(body.length);
  expect(stack).toEqual([]);
  expect(roots).toBe(1);
}

describe('console report', () => {
  it('has one FAIL line per failing check, the reproductions, the clause summary and `N passed, M failed` last', () => {
    const text = formatConsoleReport(report);
    const lines = text.trimEnd().split('\n');
    expect(lines.at(-1)).toBe('1 passed, 1 failed');
    const fails = lines.filter((line) => line.startsWith('FAIL '));
    expect(fails).toHaveLength(1);
    expect(fails[0]).toBe('FAIL sample.fails — spec, clause sample.bad (User: broken & "quoted")');
    expect(text).toContain(
      `\n  request:  POST /users/me/status status_text=it's $HOME "<b>"\n  expected: a body without ${NASTY}\n  answer:   200\n    {\n      "result": "success",`,
    );
    expect(text).toContain(`  reproduce (1 of 1 requests):\n    #!/bin/sh\n`);
    expect(text).toContain(`    curl -sS "$CHATREF_URL"'/api/v1/users/me/status'`);
    // Failures come before the clause table, and a failing clause is listed first in it.
    expect(text.indexOf('FAIL sample.fails')).toBeLessThan(text.indexOf('Clauses ('));
    expect(text).toMatch(/Clauses \(level compat\): 1 pass, 1 fail, 1 not covered\n {2}fail {8}spec {3}sample\.bad {2}\(sample\.fails\)\n/);
    expect(text).toMatch(/\n {2}not covered compat sample\.none\n/);
    expect(text).toContain('Target model, run cr');
  });

  it('is one line with the reason, and no count, when the suite could not run', async () => {
    const none = await runConformance({ target: 'model', checks: [passing], clauses: CLAUSES, only: 'zzz' });
    expect(formatConsoleReport(none)).toBe('could not run: no check matches --only zzz\n');
  });

  it('says an interrupted run was interrupted, names what did not run, and counts it on the last line', () => {
    const lines = formatConsoleReport(interrupted).trimEnd().split('\n');
    expect(lines.at(-1)).toBe('interrupted by SIGINT: 1 passed, 0 failed, 2 not run');
    expect(lines).toContain('Not run (2): sample.fails, sample.fails-too');
    expect(lines.filter((line) => /^\d+ passed/.test(line))).toEqual([]);
  });
});

describe('JSON report', () => {
  it('is the whole report', () => {
    expect(JSON.parse(formatJsonReport(report))).toEqual(JSON.parse(JSON.stringify(report)));
    expect(JSON.parse(formatJsonReport(interrupted))).toMatchObject({
      outcome: 'interrupted',
      interrupted: 'SIGINT',
      passed: 1,
      notRun: [{ id: 'sample.fails' }, { id: 'sample.fails-too' }],
    });
  });
});

describe('JUnit report', () => {
  it('is well-formed, one testsuite per endpoint, a failure with message and curl', () => {
    const xml = formatJunitReport(report);
    assertWellFormedXml(xml);
    expect(xml.match(/<testsuite /g)).toHaveLength(2);
    expect(xml).toContain('<testsuite name="POST /users/me/status" tests="1" failures="1"');
    expect(xml).toContain('<testcase classname="GET /users/me" name="sample.passes: Given a member when they read themselves then success"');
    expect(xml).toMatch(
      /<failure message="a body without &lt;script&gt;alert\(&quot;x&quot;\)&lt;\/script&gt; &amp; &#39;q&#39; \\u0001\\u001b \]\]&gt; \\ud800" type="CheckFailure">/,
    );
    expect(xml).toContain('curl -sS -X POST'.slice(0, 0) + `curl -sS &quot;$CHATREF_URL&quot;&#39;/api/v1/users/me/status&#39;`);
  });

  it('shows a run that could not run as an errored testcase', async () => {
    const none = await runConformance({ target: 'model', checks: [passing], clauses: CLAUSES, only: '<&>' });
    const xml = formatJunitReport(none);
    assertWellFormedXml(xml);
    expect(xml).toContain('<error message="no check matches --only &lt;&amp;&gt;" type="CouldNotRun">');
  });

  it('lists the checks an interrupted run did not run as skipped, "not run", and the interruption as an error', () => {
    const xml = formatJunitReport(interrupted);
    assertWellFormedXml(xml);
    expect(xml).toMatch(/^<testsuites name="chatref conformance" tests="4" failures="0" errors="1" skipped="2" /m);
    expect(xml).toContain('<testsuite name="POST /users/me/status" tests="2" failures="0" errors="0" skipped="2"');
    expect(xml.match(/<skipped message="not run: interrupted by SIGINT after 1 of 3 checks"\/>/g)).toHaveLength(2);
    expect(xml).toContain('<error message="interrupted by SIGINT after 1 of 3 checks" type="Interrupted">');
  });
});

describe('HTML report', () => {
  it('is one self-contained page with the clause matrix and escaped failures', () => {
    const html = formatHtmlReport(report);
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    // One inline script (the filters); none with a source, and none from the data.
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain('<script>\ndocument.querySelectorAll');
    expect(html).not.toMatch(/\b(src|href)="(?!#)/);
    expect(html).not.toMatch(/@import|url\(/);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('<td class="id">sample.bad</td><td>spec</td><td><span class="badge fail">fail</span>');
    expect(html).toContain('<span class="badge uncovered">not covered</span>');
    expect(html).toContain('Reproduce with curl (1 of 1 requests)');
    expect(html).toContain('<form class="filters" data-table="clauses"');
    expect(html).toContain('<tr data-status="fail" data-level="spec"><td class="id">sample.bad</td>');
    expect(html.indexOf('<h2>Failures</h2>')).toBeLessThan(html.indexOf('<h2>Clauses</h2>'));
    expect(html).toContain('1 check failed: 1 on spec clauses, 0 on compat clauses');
    // Balanced once void elements are set aside and the doctype dropped.
    assertWellFormedXml(html.replace('<!DOCTYPE html>', '').replace(/<(meta|br|col|input)\b[^>]*>/g, ''));
  });

  it('marks an interrupted run and shows the checks that did not run as not run', () => {
    const html = formatHtmlReport(interrupted);
    expect(html).toContain('<p class="couldnot"><strong>Interrupted by SIGINT after 1 of 3 checks; the rest are marked not run.</strong></p>');
    expect(html).not.toContain('class="verdict');
    expect(html).toContain('<tr data-status="not run" data-level="spec"><td class="id">sample.fails-too</td><td><span class="badge uncovered">not run</span>');
    expect(html).toContain('<span class="total uncovered"><b>2</b>checks not run</span>');
    expect(html).toContain('value="not run" checked=""> not run (2)');
    assertWellFormedXml(html.replace('<!DOCTYPE html>', '').replace(/<(meta|br|col|input)\b[^>]*>/g, ''));
  });
});

describe('diff', () => {
  it('diffs pretty-printed JSON line by line, keys sorted, long unchanged runs folded', () => {
    expect(formatDiff({ b: 1, a: [1, 2] }, { a: [1, 3], b: 1 })).toBe(
      ['  {', '    "a": [', '      1,', '-     2', '+     3', '    ],', '    "b": 1', '  }'].join('\n'),
    );
    const many = Object.fromEntries(Array.from({ length: 20 }, (_, index) => [`k${String(index).padStart(2, '0')}`, index]));
    const text = formatDiff(many, { ...many, k19: 'x' });
    expect(text).toContain('  … (16 unchanged lines)');
    expect(text.endsWith('-   "k19": 19\n+   "k19": "x"\n  }')).toBe(true);
  });

  it("shows an assertion's expected and actual values in every report", async () => {
    const differs: Check = {
      ...passing,
      id: 'sample.differs',
      async run(ctx) {
        const body = expectSuccess(await ctx.call(ctx.cast.member, 'GET', '/users/me'));
        expectEqual(body['role'], 100, 'the role <owner>', 'sample.ok');
      },
    };
    const run = await runConformance({ target: 'model', checks: [differs], clauses: CLAUSES, seed: 5 });
    expect(run.results[0]!.failure!.diff).toBe('- 100\n+ 400');
    expect(formatConsoleReport(run)).toContain('  diff (- expected, + actual):\n    - 100\n    + 400\n');
    expect(formatJunitReport(run)).toContain('  diff (- expected, + actual):\n    - 100\n    + 400\n');
    expect(formatHtmlReport(run)).toContain('<pre><span class="del">- 100</span><span class="ins">+ 400</span></pre>');
    expect(JSON.parse(formatJsonReport(run)).results[0].failure.comparison).toEqual({ expected: 100, actual: 400 });
  });
});

describe('curl reproduction', () => {
  it('quotes for sh and picks -G, -X and auth forms', () => {
    expect(shellQuote(`a'b`)).toBe(`'a'\\''b'`);
    const base = { files: [] as [], params: {} };
    expect(curlCommand({ ...base, auth: null, method: 'GET', path: '/server_settings' }, 'http://h:1/')).toBe(`curl -sS 'http://h:1/api/v1/server_settings'`);
    expect(curlCommand({ ...base, auth: 'Bearer x', method: 'POST', path: '/users' })).toBe(
      `curl -sS -X POST "$CHATREF_URL"'/api/v1/users' -H 'Authorization: Bearer x'`,
    );
    expect(curlCommand({ ...base, auth: { email: 'a@b', apiKey: 'k' }, method: 'DELETE', path: '/users/5', params: { x: '1' } })).toBe(
      `curl -sS -X DELETE "$CHATREF_URL"'/api/v1/users/5' -u 'a@b:k' --data-urlencode 'x=1'`,
    );
    expect(
      curlCommand({
        auth: null,
        method: 'POST',
        path: '/user_uploads',
        params: { a: 'b' },
        files: [{ fieldName: 'f', fileName: 'x.txt', contentType: 'text/plain', data: new Uint8Array() }],
      }),
    ).toBe(`curl -sS "$CHATREF_URL"'/api/v1/user_uploads' --form-string 'a=b' -F 'f=@x.txt;type=text/plain'`);
  });

  it('escapes text for XML', () => {
    expect(escapeXml(`<a href="x">'&'</a>\u0000`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;\\u0000');
  });

  describe.runIf(existsSync('/usr/bin/curl'))('run with curl against a live server', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await createServer({ port: 0, seed: 'curl', log: () => {} });
    });
    afterAll(() => server.stop());

    it('repeats the requests of a failing check exactly', async () => {
      const owner = modelOwner();
      const text = `it's $HOME "q" \`x\` & é ${'\\'}n`;
      const setsStatus: Check = {
        ...failing,
        async run(ctx) {
          // As the owner: the run's own users are deactivated when it ends.
          expectSuccess(await ctx.call(ctx.cast.owner, 'POST', '/users/me/status', { status_text: 'first' }));
          await ctx.call(ctx.cast.owner, 'GET', '/users/me', { include_custom_profile_fields: 'true' });
          throw new CheckFailure('a failure to reproduce');
        },
      };
      const run = await runConformance({ target: { url: server.url, ...owner }, checks: [setsStatus], clauses: CLAUSES, seed: 1 });
      const failure = run.results[0]!.failure!;
      // Edit the script the way a reader would: a new status text, then run it.
      const script = failure.curl.replace(`'status_text=first'`, shellQuote(`status_text=${text}`));
      expect(script).toContain(`curl -sS -G '${server.url}/api/v1/users/me'`);
      // Asynchronously: the server runs in this process.
      const { stdout: output } = await promisify(execFile)('sh', ['-c', script], { encoding: 'utf8' });
      expect(output).toContain('"result":"success"');
      const auth = { authorization: `Basic ${Buffer.from(`${owner.email}:${owner.apiKey}`).toString('base64')}` };
      const me = (await (await fetch(`${server.apiUrl}/users/me`, { headers: auth })).json()) as { user_id: number };
      const status = (await (await fetch(`${server.apiUrl}/users/${me.user_id}/status`, { headers: auth })).json()) as { status: { status_text?: string } };
      expect(status.status.status_text).toBe(text);
    });
  });
});
