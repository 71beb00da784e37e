/**
 * What a person who opens the server's URL in a browser gets: GET / (and
 * /chatref, /chatref/) answers one self-contained HTML page (no script, no
 * outside asset) saying what this server is, its realm, the published logins
 * it still accepts, and where the API, the control plane and the docs are.
 * The package's README and docs/ are served as plain text under /chatref/.
 * Anyone who can reach the server can read all of this: it shows only what
 * is public already (model/rules/published-logins.ts), never the admin token.
 */
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, relative, sep } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { packageVersion } from '../cli/package-info.js';
import { packageRoot } from '../fixtures/package-root.js';
import { publishedLoginsFor } from '../fixtures/published-logins.js';
import { errorResponse } from '../model/envelope.js';
import { Errors } from '../model/errors.js';
import { serverVersionAt } from '../model/feature-levels/releases.js';
import { type PublicLogins, selectPublicLogins } from '../model/rules/published-logins.js';
import { ROLE_NAMES } from '../model/rules/roles.js';
import type { State } from '../model/state.js';
import type { Store } from '../store/store.js';
import { ADMIN_PREFIX, ENDPOINT_LIST } from './admin.js';
import { writeResponse } from './write-response.js';

const HOME_PATHS = new Set(['/', '/chatref', '/chatref/']);
const DOCS_PREFIX = '/chatref/';
const API_LINK = '/api/v1/server_settings';

const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  // The page changes with the state (a regenerated key drops out of it).
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};
const DOC_HEADERS = { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' };

export interface HomePages {
  /** Answers GET or HEAD of the home page or a doc and returns true; returns false for any other path. */
  serve(req: IncomingMessage, res: ServerResponse, authority: string): boolean;
}

/** The home page over `store`'s state, and the docs found in the package at start. */
export function homePages(store: Store): HomePages {
  const docs = packageDocs();
  const version = packageVersion();
  return {
    serve(req, res, authority) {
      const pathname = (req.url ?? '/').replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '').split(/[?#]/, 1)[0]!;
      const doc = docs.get(pathname);
      if (!HOME_PATHS.has(pathname) && doc === undefined) return false;
      const method = (req.method ?? 'GET').toUpperCase();
      if (method !== 'GET' && method !== 'HEAD') {
        writeResponse(res, errorResponse(Errors.methodNotAllowed(['GET', 'HEAD'])), method);
        return true;
      }
      if (doc === undefined) {
        const origin = `${(req.socket as Partial<TLSSocket>).encrypted === true ? 'https' : 'http'}://${req.headers.host ?? authority}`;
        const state = store.state;
        const page = renderHomePage({ state, logins: selectPublicLogins(state, publishedLoginsFor(state)), origin, version, docs: [...docs.keys()] });
        writeResponse(res, { status: 200, headers: PAGE_HEADERS, body: null, text: page }, method);
        return true;
      }
      readFile(doc, 'utf8').then(
        (text) => writeResponse(res, { status: 200, headers: DOC_HEADERS, body: null, text }, method),
        () => writeResponse(res, errorResponse(Errors.notFound()), method),
      );
      return true;
    },
  };
}

/** URL path → file: README.md and every Markdown file under docs/, as the package holds them. */
function packageDocs(): ReadonlyMap<string, string> {
  const root = packageRoot();
  const docs = new Map<string, string>();
  if (root === null) return docs;
  const add = (file: string) => docs.set(`${DOCS_PREFIX}${relative(root, file).split(sep).join('/')}`, file);
  try {
    if (readdirSync(root).includes('README.md')) add(join(root, 'README.md'));
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.isFile() && entry.name.endsWith('.md')) add(path);
      }
    };
    walk(join(root, 'docs'));
  } catch {
    // A package without docs/ still has its page.
  }
  return docs;
}

export interface HomePageFacts {
  readonly state: State;
  readonly logins: PublicLogins;
  /** The scheme and authority the request came to. */
  readonly origin: string;
  /** chatref's package version. */
  readonly version: string;
  /** URL paths of the docs served. */
  readonly docs: readonly string[];
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for an HTML element or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** A small template tag: interpolated values are escaped unless they are already `Html`. */
class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

function html(strings: TemplateStringsArray, ...values: readonly unknown[]): Html {
  let out = strings[0]!;
  values.forEach((value, index) => {
    out += piece(value) + strings[index + 1]!;
  });
  return new Html(out);
}

function piece(value: unknown): string {
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(piece).join('');
  return escapeHtml(String(value));
}

const STYLE = `
body { font: 16px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #1d1d1f; }
h1 { font-size: 1.6rem; margin-bottom: 0; } h1 + p { margin-top: 0.25rem; color: #555; }
h2 { font-size: 1.2rem; margin-top: 2rem; border-bottom: 1px solid #ddd; }
table { border-collapse: collapse; width: 100%; } th, td { text-align: left; padding: 0.25rem 0.75rem 0.25rem 0; border-bottom: 1px solid #eee; }
code, pre { font-family: ui-monospace, monospace; font-size: 0.9em; } pre { background: #f5f5f7; padding: 0.75rem; overflow-x: auto; }
.muted { color: #777; } td code { white-space: nowrap; }
`;

export function renderHomePage(facts: HomePageFacts): string {
  const { state, logins, origin, version } = facts;
  const { realm } = state;
  const example = logins.listed.find((login) => login.apiKey !== null);
  const page = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>chatref · ${realm.name}</title>
<style>${new Html(STYLE)}</style>
</head>
<body>
<h1>chatref · ${realm.name}</h1>
<p>An in-memory reference implementation of the Zulip REST API: chatref ${version}, answering as Zulip ${serverVersionAt(state.featureLevel).zulipVersion} at feature level <span id="feature-level">${state.featureLevel}</span>. Its state lives in memory and is lost when it stops.</p>

<h2>The realm</h2>
<table id="realm">
<tr><th>Name</th><td>${realm.name}</td></tr>
<tr><th>URL</th><td><code>${origin}</code> (the API at <code>${origin}/api/v1</code>)</td></tr>
<tr><th>E-mail host</th><td><code>${realm.host}</code></td></tr>
${state.server.devAuthBackend ? html`<tr><th>Development logins</th><td>on: <code>POST /api/v1/dev_fetch_api_key</code> hands out any user's API key without a password</td></tr>` : ''}
</table>

<h2>Users</h2>
${usersSection(logins)}

<h2>The API</h2>
<p>The Zulip REST API is under <code>/api/v1</code>, with HTTP Basic authentication (e-mail and API key); <a id="server-settings" href="${API_LINK}">${API_LINK}</a> needs none.</p>
${example === undefined ? '' : html`<pre>curl -u ${example.user.deliveryEmail}:${example.apiKey ?? ''} ${origin}/api/v1/users/me</pre>`}

<h2>The control plane</h2>
<p>Under <a id="admin" href="${ADMIN_PREFIX}">${ADMIN_PREFIX}</a>: reset, snapshots, the clock, recent requests, the outbox. Every request needs <code>Authorization: Bearer &lt;token&gt;</code>, with the <code>admin_token</code> from the first line <code>chatref serve</code> printed on stdout (its <code>--admin-token</code> if given; <code>adminToken</code> of the running server in the library). This page never shows it.</p>
<ul>${ENDPOINT_LIST.map((line) => html`<li><code>${line}</code></li>`)}</ul>

<h2>Documentation</h2>
${
  facts.docs.length === 0
    ? html`<p>See <code>README.md</code> and <code>docs/</code> in the chatref package.</p>`
    : html`<ul id="docs">${facts.docs.map((path) => html`<li><a href="${path}">${path.slice(DOCS_PREFIX.length)}</a></li>`)}</ul>`
}
</body>
</html>
`;
  return page.value;
}

function usersSection(logins: PublicLogins): Html {
  const others =
    logins.unlisted === 0
      ? ''
      : html`<p id="unlisted">${logins.listed.length === 0 ? 'The' : 'Another'} ${logins.unlisted} active ${logins.unlisted === 1 ? 'user' : 'users'} ${logins.unlisted === 1 ? 'has' : 'have'} credentials of this server's own, not shown here: they are on the first line the server printed on stdout.</p>`;
  if (logins.listed.length === 0) return html`${others}`;
  const rows = logins.listed.map(
    ({ user, apiKey, password }) =>
      html`<tr><td>${user.fullName}</td><td><code>${user.deliveryEmail}</code></td><td>${ROLE_NAMES[user.role]}</td><td>${cell(apiKey)}</td><td>${cell(password)}</td></tr>`,
  );
  return html`<p>The default realm's logins, published in the README, that still work here:</p>
<table id="users">
<thead><tr><th>Name</th><th>E-mail</th><th>Role</th><th>API key</th><th>Password</th></tr></thead>
<tbody>
${rows.map((row) => html`${row}\n`)}</tbody>
</table>
${others}`;
}

function cell(secret: string | null): Html {
  return secret === null ? html`<span class="muted">changed</span>` : html`<code>${secret}</code>`;
}
