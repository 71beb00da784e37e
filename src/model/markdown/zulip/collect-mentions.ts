/** Records, in the render env, the mentions that made it into the final tokens (so a text the dialect later discards never counts). */
import type { StateCore } from 'markdown-it';

import type { RenderEnv } from '../types.js';
import { ZULIP_TOKEN, type ZulipTokenMeta } from './tokens.js';

export function collectMentionsRule(state: StateCore): void {
  const env = state.env as Partial<RenderEnv> | undefined;
  if (!env?.context || !env.mentionedUserIds || !env.mentionedGroupIds) return;
  for (const block of state.tokens) {
    for (const token of block.children ?? []) {
      if (token.type !== ZULIP_TOKEN) continue;
      const meta = token.meta as ZulipTokenMeta;
      if (meta.kind === 'user_mention' && !meta.silent) {
        if (meta.wildcard === 'stream') env.streamWildcard = true;
        else if (meta.wildcard === 'topic') env.topicWildcard = true;
        else if (meta.userId !== undefined) env.mentionedUserIds.add(meta.userId);
      } else if (meta.kind === 'group_mention' && !meta.silent) {
        env.mentionedGroupIds.add(meta.groupId);
      }
    }
  }
}
