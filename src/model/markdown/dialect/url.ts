/**
 * Zulip's `sanitize_url` and `rewrite_local_links_to_relative` (server-markdown §2.7), over a port of Python's
 * `urllib.parse.urlparse` / `urlunparse`, since the href is rebuilt from the parsed parts.
 */
import { isIPv6Address } from './ipv6.js';

const ALLOWED_SCHEMES = new Set(
  'http https ftp file bitcoin geo im irc ircs magnet mailto matrix mms news nntp openpgp4fpr sip sms smsto ssh tel urn webcal wtai xmpp'.split(' '),
);
const USES_NETLOC = new Set(
  ['', 'ftp', 'http', 'gopher', 'nntp', 'telnet', 'imap', 'wais', 'file', 'mms', 'https', 'shttp', 'snews', 'prospero'].concat([
    'rtsp',
    'rtsps',
    'rtspu',
    'rsync',
    'svn',
    'svn+ssh',
    'sftp',
    'nfs',
    'git',
    'git+ssh',
    'ws',
    'wss',
    'itms-services',
  ]),
);
const USES_PARAMS = new Set(['', 'ftp', 'hdl', 'prospero', 'http', 'imap', 'https', 'shttp', 'rtsp', 'rtsps', 'rtspu', 'sip', 'sips', 'mms', 'sftp', 'tel']);

interface UrlParts {
  scheme: string;
  netloc: string;
  path: string;
  params: string;
  query: string;
  fragment: string;
}

function splitNetloc(url: string): [string, string] {
  let end = url.length;
  for (const delimiter of '/?#') {
    const at = url.indexOf(delimiter, 2);
    if (at >= 0) end = Math.min(end, at);
  }
  return [url.slice(2, end), url.slice(end)];
}

/** Python's checks that make `urlsplit` raise ValueError on a netloc. */
function validNetloc(netloc: string): boolean {
  const open = netloc.includes('[');
  if (open !== netloc.includes(']')) return false;
  if (open) {
    const host = netloc.slice(netloc.lastIndexOf('@') + 1);
    const bracket = host.indexOf('[');
    if (bracket > 0) return false;
    if (bracket === 0) {
      const close = host.indexOf(']');
      const port = host.slice(close + 1);
      if (port && !port.startsWith(':')) return false;
      const inside = host.slice(1, close);
      if (inside.startsWith('v') ? !/^v[a-fA-F0-9]+\..+$/s.test(inside) : !isIPv6Address(inside)) return false;
    }
  }
  // Characters that NFKC-normalise into URL delimiters.
  if (/^[\x00-\x7f]*$/.test(netloc)) return true;
  const bare = netloc.replace(/[@:#?]/g, '');
  const normalised = bare.normalize('NFKC');
  return bare === normalised || !/[/?#@:]/.test(normalised);
}

export function urlParse(input: string): UrlParts | undefined {
  let url = input.replace(/^[\x00-\x20]+/, '').replace(/[\t\r\n]/g, '');
  let scheme = '';
  let netloc = '';
  let query = '';
  let fragment = '';
  let params = '';
  const colon = url.indexOf(':');
  if (colon > 0 && /^[A-Za-z][A-Za-z0-9+\-.]*$/.test(url.slice(0, colon))) {
    scheme = url.slice(0, colon).toLowerCase();
    url = url.slice(colon + 1);
  }
  if (url.startsWith('//')) [netloc, url] = splitNetloc(url);
  const hash = url.indexOf('#');
  if (hash >= 0) [url, fragment] = [url.slice(0, hash), url.slice(hash + 1)];
  const question = url.indexOf('?');
  if (question >= 0) [url, query] = [url.slice(0, question), url.slice(question + 1)];
  if (!validNetloc(netloc)) return undefined;
  if (USES_PARAMS.has(scheme) && url.includes(';')) {
    const slash = url.lastIndexOf('/');
    const semicolon = slash >= 0 ? url.indexOf(';', slash) : url.indexOf(';');
    if (semicolon >= 0) [url, params] = [url.slice(0, semicolon), url.slice(semicolon + 1)];
  }
  return { scheme, netloc, path: url, params, query, fragment };
}

export function urlUnparse({ scheme, netloc, path, params, query, fragment }: UrlParts): string {
  let url = params ? `${path};${params}` : path;
  if (netloc) {
    if (url && !url.startsWith('/')) url = `/${url}`;
    url = `//${netloc}${url}`;
  } else if (url.startsWith('//')) {
    url = `//${url}`;
  } else if (scheme && USES_NETLOC.has(scheme) && (!url || url.startsWith('/'))) {
    url = `//${url}`;
  }
  if (scheme) url = `${scheme}:${url}`;
  if (query) url += `?${query}`;
  if (fragment) url += `#${fragment}`;
  return url;
}

/** The href for a link target: `undefined` when the scheme is not allowed (no link), `''` when it cannot be parsed. */
export function sanitizeUrl(url: string): string | undefined {
  const parts = urlParse(url.replaceAll(' ', '%20'));
  if (!parts) return '';
  const { scheme, netloc, path, params, query } = parts;
  if (scheme === '' && netloc === '' && path.includes('@')) {
    parts.scheme = 'mailto';
  } else if (scheme === '' && netloc === '' && path.startsWith('/')) {
    return urlUnparse({ ...parts, scheme: '', netloc: '' });
  } else if (`${scheme}${netloc}${path}${params}${query}` === '' && parts.fragment.length > 0) {
    return urlUnparse(parts);
  }
  if (!parts.scheme) return sanitizeUrl(`http://${url}`);
  if (!ALLOWED_SCHEMES.has(parts.scheme)) return undefined;
  return urlUnparse(parts);
}

/** Links into the realm's own narrows and uploads become relative (no leading slash). */
export function rewriteLocalLink(href: string, realmUrl: string): string {
  if (realmUrl === '') return href;
  const prefix = `${realmUrl}/`;
  return href.startsWith(`${prefix}#`) || href.startsWith(`${prefix}user_uploads/`) ? href.slice(prefix.length) : href;
}
