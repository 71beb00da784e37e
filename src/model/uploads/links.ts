/**
 * The uploads a rendered message links to (the real server's
 * potential_attachment_path_ids): every link whose path starts with
 * /user_uploads/, relative or absolute on the realm's host, in order of
 * first appearance, without duplicates.
 */

const ANCHOR_HREF = /<a\s[^>]*?\bhref="([^"]*)"/g;
const ENTITIES: Readonly<Record<string, string>> = { '&amp;': '&', '&quot;': '"', '&lt;': '<', '&gt;': '>', '&#39;': "'", '&#x27;': "'" };
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const PREFIX = '/user_uploads/';

function unescapeHtml(text: string): string {
  return text.replace(/&(?:amp|quot|lt|gt|#39|#x27);/g, (entity) => ENTITIES[entity]!);
}

/** RFC 3986 dot-segment removal, as urljoin applies it. */
function removeDotSegments(path: string): string {
  const out: string[] = [];
  for (const segment of path.split('/').slice(1)) {
    if (segment === '..') out.pop();
    else if (segment !== '.') out.push(segment);
  }
  const last = path.split('/').pop();
  return `/${out.join('/')}${last === '.' || last === '..' ? '/' : ''}`;
}

/** The href as urljoin('/', href) then urlsplit see it: host (empty when relative) and path. */
function splitHref(href: string): { host: string; path: string } | null {
  let rest = href;
  const scheme = SCHEME.exec(rest);
  if (scheme !== null) {
    rest = rest.slice(scheme[0].length);
    if (!rest.startsWith('//')) return null;
  }
  let host = '';
  if (rest.startsWith('//')) {
    const end = rest.slice(2).search(/[/?#]/);
    host = end === -1 ? rest.slice(2) : rest.slice(2, end + 2);
    rest = end === -1 ? '' : rest.slice(end + 2);
  }
  const path = rest.split(/[?#]/, 1)[0]!;
  if (host !== '') return { host, path };
  return { host, path: removeDotSegments(path.startsWith('/') ? path : `/${path}`) };
}

export function selectUploadPathIds(html: string, realmHost: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(ANCHOR_HREF)) {
    const split = splitHref(unescapeHtml(match[1]!));
    if (split === null || (split.host !== '' && split.host !== realmHost)) continue;
    if (split.path.startsWith(PREFIX)) found.add(split.path.slice(PREFIX.length));
  }
  return [...found];
}
