/**
 * The renderer's contract: what it needs to know about the realm (as lookups,
 * so it never depends on how State is laid out) and what it reports besides
 * the HTML (who was mentioned, which wildcards), from which the message code
 * derives each recipient's flags.
 */

export interface MentionableUser {
  readonly id: number;
  readonly fullName: string;
  readonly isActive: boolean;
}

export interface MentionableGroup {
  readonly id: number;
  /** The name as shown in a mention: a system group's display name, else the stored name. */
  readonly displayName: string;
  readonly isDeactivated: boolean;
}

export interface LinkableChannel {
  readonly id: number;
  readonly name: string;
}

export interface CustomEmoji {
  readonly id: number;
  readonly name: string;
  readonly sourceUrl: string;
}

/** A linkifier as the renderer needs it: a RE2 pattern and the RFC 6570 template its matches link to. */
export interface RenderLinkifier {
  readonly pattern: string;
  readonly urlTemplate: string;
}

/** Everything the renderer may look up. Each lookup already applies the sender's access rules. */
export interface RenderContext {
  /** The realm's base URL without a trailing slash (e.g. `http://localhost:9991`): links into it become relative. */
  readonly realmUrl: string;
  /** The empty topic's display name (`general chat`). */
  readonly emptyTopicName: string;
  /** The sender's `translate_emoticons` setting. */
  readonly translateEmoticons: boolean;
  /** Users whose full name equals `name` ignoring case, that the sender can see. */
  usersByName(name: string): readonly MentionableUser[];
  /** A user the sender can see, by id. */
  userById(id: number): MentionableUser | undefined;
  /** A group by name, ignoring case. */
  groupByName(name: string): MentionableGroup | undefined;
  /** A channel whose name equals `name` exactly, that the sender can read. */
  channelByName(name: string): LinkableChannel | undefined;
  /** The lowest id of a message in that channel and topic (case-insensitive) the sender can see, for `/with/` topic links. */
  firstMessageIdInTopic?(channelId: number, topic: string): number | undefined;
  /** An active custom emoji of the realm. */
  customEmojiByName?(name: string): CustomEmoji | undefined;
  /** The realm's linkifiers in processing order (none when absent). */
  readonly linkifiers?: readonly RenderLinkifier[];
  /** Whether `@**channel**` is a wildcard (false: a mention of a user of that name), as from feature level 247; true when absent. */
  readonly channelWildcard?: boolean;
}

export interface RenderedMessage {
  readonly html: string;
  /** Users mentioned directly and not silently, in order of first appearance, without duplicates. */
  readonly mentionedUserIds: readonly number[];
  /** Groups mentioned not silently (their members are mentioned too: the caller expands them). */
  readonly mentionedGroupIds: readonly number[];
  /** `@**all**`, `@**everyone**`, `@**channel**` or `@**stream**`, not silent. */
  readonly streamWildcard: boolean;
  /** `@**topic**`, not silent. */
  readonly topicWildcard: boolean;
}

/**
 * What markdown-it carries as `env` through one render: the context, and the
 * mentions the rules found (the renderer turns them into RenderedMessage).
 */
export interface RenderEnv {
  readonly context: RenderContext;
  readonly mentionedUserIds: Set<number>;
  readonly mentionedGroupIds: Set<number>;
  streamWildcard: boolean;
  topicWildcard: boolean;
}
