/**
 * Linkifiers (server-messages-channels.md §10.3, server-markdown.md §2.9): the realm's RE2 patterns, applied in their
 * stored order, each turning its matches into links to its RFC 6570 URL template expanded with the named groups.
 *
 * Patterns run on re2js, a port of RE2: matching takes time linear in the text whatever the pattern, so no pattern
 * can stall the server (a JavaScript RegExp could backtrack for ever on `(a+)+$`). The real server wraps each pattern
 * in its boundary rule (prepare_linkifier_pattern); the same wrapper is compiled here, so the boundary behaves as there.
 *
 * In message bodies this is the core rule `zulip_linkifiers` (priority 45: after bare URLs, before emphasis). It sees
 * the text the inline rules and the autolink pass left, with everything else opaque, as Python-Markdown's placeholders
 * are; in topics, `linkifierTopicMatches` gives the matches topic_links ranks (topic-links.ts).
 */
import type { StateCore, Token } from 'markdown-it';
import { RE2JS } from 're2js';
import { parse as parseUriTemplate } from 'uri-template';
import { parseTemplate } from 'url-template';

import { memoizeString } from '../../memo.js';
import { eachSegment, fromSegments, type SegmentNode, toSegments } from '../dialect/segments.js';
import { rewriteLocalLink, sanitizeUrl } from '../dialect/url.js';
import type { RenderLinkifier } from '../types.js';
import { contextOf } from './tokens.js';

// ------------------------------------------------------------------ patterns

/** re2js reports Go's regexp/syntax errors; the real server reports C++ RE2's, whose texts these are. */
const RE2_ERROR_TEXTS: Readonly<Record<string, string>> = {
  'invalid escape sequence': 'invalid escape sequence',
  'invalid character class': 'invalid character class',
  'invalid character class range': 'invalid character class range',
  'missing closing ]': 'missing ]',
  'missing closing )': 'missing )',
  'unexpected )': 'unexpected )',
  'trailing backslash at end of expression': 'trailing \\',
  'missing argument to repetition operator': 'no argument for repetition operator',
  'invalid repeat count': 'invalid repetition size',
  'invalid nested repetition operator': 'bad repetition operator',
  'invalid or unsupported Perl syntax': 'invalid perl operator',
  'invalid UTF-8': 'invalid UTF-8',
  'invalid named capture': 'invalid named capture group',
  // C++ RE2 reports a repeated name as a bad named capture, quoting the group's opening (see re2Error).
  'duplicate capture group name': 'invalid named capture group',
  'expression nests too deeply': 'bad repetition operator',
};

export type CompiledPattern = { readonly ok: true; readonly regex: RE2JS; readonly groups: readonly string[] } | { readonly ok: false; readonly error: string };

/** C++ RE2's error text (`<code text>: <argument>`, or the code text alone) for a re2js syntax error. */
function re2Error(source: string, error: unknown): string {
  const code = (error as { error?: unknown }).error;
  const input = (error as { input?: unknown }).input;
  if (typeof code !== 'string') return 'unexpected error';
  const text = RE2_ERROR_TEXTS[code] ?? 'unexpected error';
  let argument = typeof input === 'string' ? input : '';
  if (code === 'duplicate capture group name') argument = source.includes(`(?P<${argument}>`) ? `(?P<${argument}>` : `(?<${argument}>`;
  return argument === '' ? text : `${text}: ${argument}`;
}

/** Compiles `source` as RE2 does (Python's `(?P<name>…)` groups included): the regex and its named groups, or RE2's error text. */
export function compileRe2(source: string): CompiledPattern {
  try {
    const regex = RE2JS.compile(source);
    return { ok: true, regex, groups: Object.keys(regex.namedGroups()) };
  } catch (error) {
    return { ok: false, error: re2Error(source, error) };
  }
}

const BEFORE = 'linkifier_before_match';
const ACTUAL = 'linkifier_actual_match';
const AFTER = 'linkifier_after_match';

/**
 * The real server's prepare_linkifier_pattern: a match must start the text or follow whitespace (RE2's ASCII `\s`),
 * NEL, a Unicode separator or one of `'"(,:<`, and must end the text or be followed by a character that is neither a
 * letter nor a digit. The three groups keep what was matched apart from its surroundings.
 */
export function prepareLinkifierPattern(source: string): string {
  return `(?P<${BEFORE}>^|\\s|\u0085|\\pZ|['"\\(,:<])(?P<${ACTUAL}>${source})(?P<${AFTER}>$|[^\\pL\\pN])`;
}

/** The wrapped pattern, compiled once per distinct source; null when it does not compile (it then matches nothing, as on the real server). */
const preparedRegex = memoizeString((source: string): RE2JS | null => {
  const compiled = compileRe2(prepareLinkifierPattern(source));
  return compiled.ok ? compiled.regex : null;
}, 4096);

// ------------------------------------------------------------------ URL templates

const VARIABLE_NAME = /^[A-Za-z0-9_](?:[A-Za-z0-9_.]|%[0-9A-Fa-f]{2})*$/;

/**
 * The variable names of an RFC 6570 template in order of first use, or undefined when it is not a valid template.
 * The grammar is the `uri-template` package's; on top of it the rules of the Python library the real server validates
 * with (uri_template): no `}` outside an expression, names that start with a letter, digit or `_`, no `(…)` name
 * extension, and a prefix length of 1 to 999.
 */
export function urlTemplateVariables(template: string): readonly string[] | undefined {
  let parts: ReturnType<typeof parseUriTemplate>['ast']['parts'];
  try {
    parts = parseUriTemplate(template).ast.parts;
  } catch {
    return undefined;
  }
  const names: string[] = [];
  for (const part of parts) {
    if (part.type === 'literal') {
      if (part.value.includes('}')) return undefined;
      continue;
    }
    for (const variable of part.variables) {
      // The parser gives null, not undefined, for an absent modifier or extension.
      if (!VARIABLE_NAME.test(variable.name) || (variable.extension ?? null) !== null) return undefined;
      if (variable.modifier?.type === 'substr' && (variable.modifier.length < 1 || variable.modifier.length > 999)) return undefined;
      if (!names.includes(variable.name)) names.push(variable.name);
    }
  }
  return names;
}

const parsedTemplate = memoizeString((template: string) => parseTemplate(template), 4096);

/**
 * The template expanded with the values (a group that did not take part is left undefined, as RFC 6570 says), or
 * undefined when the expansion fails (url-template throws on a lone surrogate). Literals and values are
 * percent-encoded as the Python library encodes them.
 */
export function expandUrlTemplate(template: string, values: Readonly<Record<string, string | null>>): string | undefined {
  const context: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) if (value !== null) context[name] = value;
  try {
    return parsedTemplate(template).expand(context);
  } catch {
    return undefined;
  }
}

// ------------------------------------------------------------------ matching

interface Match {
  /** Start of the whole match, the character before included (topic_links ranks by it). */
  readonly start: number;
  /** The matched text, without the characters before and after. */
  readonly textStart: number;
  readonly textEnd: number;
  /** End of the whole match, the character after included. */
  readonly end: number;
  readonly values: Readonly<Record<string, string | null>>;
}

function userGroups(regex: RE2JS): string[] {
  return Object.keys(regex.namedGroups()).filter((name) => name !== BEFORE && name !== ACTUAL && name !== AFTER);
}

/** Calls `visit` for each match at or after successive positions; `visit` says where to search next (or -1 to stop). */
function eachMatch(regex: RE2JS, text: string, visit: (match: Match) => number): void {
  const matcher = regex.matcher(text);
  const groups = userGroups(regex);
  let from = 0;
  while (from <= text.length && matcher.find(from)) {
    const values: Record<string, string | null> = {};
    for (const name of groups) values[name] = matcher.group(name);
    const next = visit({ start: matcher.start(), textStart: matcher.start(ACTUAL), textEnd: matcher.end(ACTUAL), end: matcher.end(), values });
    // Always move on: an empty match at the same place would otherwise be found for ever.
    if (next < 0) return;
    from = Math.max(next, from + 1);
  }
}

// ------------------------------------------------------------------ message bodies

/**
 * Stands for an opaque unit (Python-Markdown's placeholder, `\x02klzzwxh:0000\x03`): what precedes the text after it
 * is `\x03`, never an allowed start, and what follows the text before it is `\x02`, a valid end.
 */
const PLACEHOLDER = '\u0002\u0003';
const PLACEHOLDER_CHARS = /[\u0002\u0003]/;

function linkNode(state: StateCore, text: string, href: string): SegmentNode {
  const open = new state.Token('link_open', 'a', 1);
  open.attrs = [['href', href]];
  const inner = new state.Token('text', '', 0);
  inner.content = text;
  return { kind: 'opaque', tokens: [open, inner, new state.Token('link_close', 'a', -1)] };
}

function textNode(state: StateCore, content: string): SegmentNode {
  return { kind: 'text', content, token: new state.Token('text', '', 0) };
}

/** One linkifier over one segment: its links become opaque units the next linkifier cannot see into. */
function applyLinkifier(state: StateCore, nodes: SegmentNode[], linkifier: RenderLinkifier, regex: RE2JS, realmUrl: string): SegmentNode[] {
  const pieces: string[] = [];
  const starts: number[] = [];
  let length = 0;
  for (const node of nodes) {
    starts.push(length);
    const piece = node.kind === 'text' ? node.content : node.kind === 'break' ? '\n' : PLACEHOLDER;
    pieces.push(piece);
    length += piece.length;
  }
  const text = pieces.join('');
  const links: { start: number; end: number; href: string }[] = [];
  eachMatch(regex, text, (match) => {
    const matched = text.slice(match.textStart, match.textEnd);
    // An empty match would loop for ever on the real server (its renderer then times out); here it is no link.
    // A match across a placeholder would wrap an earlier construct, which the real server's tree cannot show faithfully.
    if (matched === '' || PLACEHOLDER_CHARS.test(matched) || matched.includes('\n')) return match.end;
    const url = expandUrlTemplate(linkifier.urlTemplate, match.values);
    const href = url === undefined ? undefined : sanitizeUrl(url);
    // A URL the sanitiser refuses leaves the text as it is, and the search goes on after the whole match.
    if (href === undefined) return match.end;
    links.push({ start: match.textStart, end: match.textEnd, href: rewriteLocalLink(href, realmUrl) });
    // The link is now a placeholder: the next match may use the character after it as its start, never the link itself.
    return match.textEnd;
  });
  if (links.length === 0) return nodes;

  const out: SegmentNode[] = [];
  let link = 0;
  nodes.forEach((node, index) => {
    const offset = starts[index]!;
    if (node.kind !== 'text') {
      out.push(node);
      return;
    }
    let cut = 0;
    for (; link < links.length && links[link]!.end <= offset + node.content.length; link++) {
      const { start, end, href } = links[link]!;
      if (start - offset > cut) out.push(textNode(state, node.content.slice(cut, start - offset)));
      out.push(linkNode(state, node.content.slice(start - offset, end - offset), href));
      cut = end - offset;
    }
    if (cut === 0) out.push(node);
    else if (cut < node.content.length) out.push(textNode(state, node.content.slice(cut)));
  });
  return out;
}

/** Core rule `zulip_linkifiers`: the realm's linkifiers, in order, on every inline text the earlier rules left. */
export function linkifierRule(state: StateCore): void {
  const context = contextOf(state.env);
  const linkifiers = context?.linkifiers ?? [];
  if (linkifiers.length === 0) return;
  const compiled = linkifiers.flatMap((linkifier) => {
    const regex = preparedRegex(linkifier.pattern);
    return regex === null ? [] : [{ linkifier, regex }];
  });
  const realmUrl = context?.realmUrl ?? '';
  for (const token of state.tokens) {
    if (token.type !== 'inline' || !token.children || !token.children.some((child: Token) => child.type === 'text')) continue;
    let nodes = toSegments(token.children);
    for (const { linkifier, regex } of compiled) nodes = eachSegment(nodes, (segment) => applyLinkifier(state, segment, linkifier, regex, realmUrl));
    token.children = fromSegments(nodes);
  }
}

// ------------------------------------------------------------------ topics

export interface TopicLinkifierMatch {
  readonly text: string;
  readonly url: string;
  /** Where the whole match starts, the character before included (the real server ranks by this). */
  readonly index: number;
  /** The linkifier's place in the order. */
  readonly precedence: number;
}

/**
 * Every linkifier's matches in a topic, as the real server's topic_links finds them: each linkifier searches from the
 * start, and after a match searches again from the end of the matched text (the character after stays available as
 * the next match's start). URLs are neither sanitised nor made relative here; clients escape them.
 */
export function linkifierTopicMatches(topic: string, linkifiers: readonly RenderLinkifier[]): TopicLinkifierMatch[] {
  const matches: TopicLinkifierMatch[] = [];
  linkifiers.forEach((linkifier, precedence) => {
    const regex = preparedRegex(linkifier.pattern);
    if (regex === null) return;
    eachMatch(regex, topic, (match) => {
      const url = expandUrlTemplate(linkifier.urlTemplate, match.values);
      if (url !== undefined) matches.push({ text: topic.slice(match.textStart, match.textEnd), url, index: match.start, precedence });
      return match.textEnd;
    });
  });
  return matches;
}
