/** `@*group*` and silent `@_*group*` (server-markdown.md §2.1; server-messages-channels.md §15.2). */
import type { StateInline } from 'markdown-it';

import { mentionMayStartAt } from './boundary.js';
import { overlapsCodeSpan } from './code-spans.js';
import { element, escapeText } from './html.js';
import { contextOf, inLinkText, pushZulipToken } from './tokens.js';

const GROUP_MENTION = /@(_?)\*([^*]+)\*/y;

export function groupMentionRule(state: StateInline, silent: boolean): boolean {
  const { src, pos } = state;
  if (src.charCodeAt(pos) !== 0x40 /* @ */ || !mentionMayStartAt(src, pos)) return false;
  // The real server matches links first, so a group mention in link text stays literal (§2.1).
  if (inLinkText(state)) return false;
  const context = contextOf(state.env);
  if (!context) return false;
  GROUP_MENTION.lastIndex = pos;
  const match = GROUP_MENTION.exec(src);
  if (!match || match.index + match[0].length > state.posMax || overlapsCodeSpan(state, pos, pos + match[0].length)) return false;
  const group = context.groupByName(match[2]!);
  if (!group) return false;
  const quiet = match[1] === '_' || group.isDeactivated;
  if (!silent) {
    const attributes = { class: quiet ? 'user-group-mention silent' : 'user-group-mention', 'data-user-group-id': String(group.id) };
    const html = element('span', attributes, escapeText(quiet ? group.displayName : `@${group.displayName}`));
    pushZulipToken(state, html, { kind: 'group_mention', groupId: group.id, silent: quiet });
  }
  state.pos = match.index + match[0].length;
  return true;
}
