/** `@**Full Name**`, `@**Name|id**`, `@**|id**`, their silent `@_` forms and the wildcards (server-markdown.md §2.1; server-messages-channels.md §15.2). */
import type { StateInline } from 'markdown-it';

import type { MentionableUser, RenderContext } from '../types.js';
import { mentionMayStartAt } from './boundary.js';
import { overlapsCodeSpan } from './code-spans.js';
import { element, escapeText } from './html.js';
import { contextOf, pushZulipToken } from './tokens.js';

const USER_MENTION = /@(_?)\*\*([^*]+)\*\*/y;
// Python's `(.+)?\|(\d+)$`: `.` stops at a newline, and `$` also matches before a final newline.
const ID_SYNTAX = /^([^\n]+)?\|([0-9]+)\n?$/;
const STREAM_WILDCARDS: ReadonlySet<string> = new Set(['all', 'everyone', 'channel', 'stream']);
const TOPIC_WILDCARD = 'topic';

/** The user a mention's text names; undefined leaves the text literal. */
function resolveUser(context: RenderContext, name: string): MentionableUser | undefined {
  const idSyntax = ID_SYNTAX.exec(name);
  if (idSyntax) {
    const id = Number(idSyntax[2]);
    const user = Number.isSafeInteger(id) ? context.userById(id) : undefined;
    // With a name, it must be the user's exact full name.
    if (user && idSyntax[1] && user.fullName !== idSyntax[1]) return undefined;
    return user;
  }
  // Duplicate full names: the real server keeps the last row of an unordered query; the highest id stands in for it.
  let chosen: MentionableUser | undefined;
  for (const user of context.usersByName(name)) if (!chosen || user.id > chosen.id) chosen = user;
  return chosen;
}

export function userMentionRule(state: StateInline, silent: boolean): boolean {
  const { src, pos } = state;
  if (src.charCodeAt(pos) !== 0x40 /* @ */ || !mentionMayStartAt(src, pos)) return false;
  const context = contextOf(state.env);
  if (!context) return false;
  USER_MENTION.lastIndex = pos;
  const match = USER_MENTION.exec(src);
  if (!match || match.index + match[0].length > state.posMax || overlapsCodeSpan(state, pos, pos + match[0].length)) return false;
  const name = match[2]!;
  let quiet = match[1] === '_';
  let html: string;
  if (STREAM_WILDCARDS.has(name) && (name !== 'channel' || context.channelWildcard !== false)) {
    const classes = `user-mention channel-wildcard-mention${quiet ? ' silent' : ''}`;
    html = element('span', { class: classes, 'data-user-id': '*' }, escapeText(quiet ? name : `@${name}`));
    if (!silent) pushZulipToken(state, html, { kind: 'user_mention', userId: undefined, silent: quiet, wildcard: 'stream' });
  } else if (name === TOPIC_WILDCARD) {
    html = element('span', { class: `topic-mention${quiet ? ' silent' : ''}` }, escapeText(quiet ? name : `@${name}`));
    if (!silent) pushZulipToken(state, html, { kind: 'user_mention', userId: undefined, silent: quiet, wildcard: 'topic' });
  } else {
    const user = resolveUser(context, name);
    if (!user) return false;
    if (!user.isActive) quiet = true;
    const classes = `user-mention${quiet ? ' silent' : ''}`;
    html = element('span', { class: classes, 'data-user-id': String(user.id) }, escapeText(quiet ? user.fullName : `@${user.fullName}`));
    if (!silent) pushZulipToken(state, html, { kind: 'user_mention', userId: user.id, silent: quiet });
  }
  state.pos = match.index + match[0].length;
  return true;
}
