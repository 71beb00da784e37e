/** A small fake realm for the Zulip rule tests, and a helper that renders through a plain markdown-it instance. */
import MarkdownIt from 'markdown-it';

import type { CustomEmoji, LinkableChannel, MentionableGroup, MentionableUser, RenderContext, RenderEnv } from '../types.js';
import { useZulipSyntax } from './index.js';

export const users: readonly MentionableUser[] = [
  { id: 1, fullName: 'Iago', isActive: true },
  { id: 2, fullName: "Cordelia, Lear's daughter", isActive: true },
  { id: 3, fullName: 'King Hamlet', isActive: false },
  { id: 4, fullName: 'Dup Name', isActive: true },
  { id: 5, fullName: 'dup name', isActive: true },
  { id: 6, fullName: 'A <b> & C', isActive: true },
  { id: 7, fullName: 'all', isActive: true },
  { id: 8, fullName: 'Othello', isActive: true },
];

export const groups: readonly (MentionableGroup & { readonly name: string })[] = [
  { id: 10, name: 'support', displayName: 'support', isDeactivated: false },
  { id: 11, name: 'role:members', displayName: 'Members', isDeactivated: false },
  { id: 12, name: 'Old Team', displayName: 'Old Team', isDeactivated: true },
  { id: 13, name: 'R&D', displayName: 'R&D', isDeactivated: false },
];

export const channels: readonly LinkableChannel[] = [
  { id: 7, name: 'design' },
  { id: 8, name: 'Verona Street' },
  { id: 9, name: 'a.b (c)/d' },
  { id: 10, name: 'café' },
  { id: 11, name: 'x<y' },
];

export const customEmoji: readonly CustomEmoji[] = [{ id: 1, name: 'party_parrot', sourceUrl: '/user_avatars/2/emoji/images/1.gif' }];

export function makeContext(overrides: Partial<RenderContext> = {}): RenderContext {
  return {
    realmUrl: 'http://localhost:9991',
    emptyTopicName: 'general chat',
    translateEmoticons: false,
    usersByName: (name) => users.filter((user) => user.fullName.toLowerCase() === name.toLowerCase()),
    userById: (id) => users.find((user) => user.id === id),
    groupByName: (name) => groups.find((group) => group.name.toLowerCase() === name.toLowerCase()),
    channelByName: (name) => channels.find((channel) => channel.name === name),
    firstMessageIdInTopic: (channelId, topic) => (channelId === 7 && topic.toLowerCase() === 'logo' ? 42 : undefined),
    customEmojiByName: (name) => customEmoji.find((emoji) => emoji.name === name),
    ...overrides,
  };
}

export function makeEnv(context: RenderContext = makeContext()): RenderEnv {
  return { context, mentionedUserIds: new Set(), mentionedGroupIds: new Set(), streamWildcard: false, topicWildcard: false };
}

export interface Rendered {
  readonly html: string;
  readonly users: readonly number[];
  readonly groups: readonly number[];
  readonly streamWildcard: boolean;
  readonly topicWildcard: boolean;
}

const plain = new MarkdownIt();
useZulipSyntax(plain);

/** Renders with a default markdown-it plus the Zulip rules; a single paragraph comes back without its `<p>`. */
export function renderPlain(source: string, context: RenderContext = makeContext()): Rendered {
  const env = makeEnv(context);
  const full = plain.render(source, env).trimEnd();
  const paragraph = /^<p>([\s\S]*)<\/p>$/.exec(full);
  const html = paragraph && !paragraph[1]!.includes('<p>') ? paragraph[1]! : full;
  return { html, users: [...env.mentionedUserIds], groups: [...env.mentionedGroupIds], streamWildcard: env.streamWildcard, topicWildcard: env.topicWildcard };
}
