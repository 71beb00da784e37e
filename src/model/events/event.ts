/**
 * Events as the model emits them: what changed, and which users may learn of
 * it. The store turns an emission into one queued event per accepting queue.
 */
import type { ChannelAccessFields } from '../rules/channels.js';

/** An event as clients receive it, without the per-queue `id`. */
export type ApiEvent = { readonly type: string } & Readonly<Record<string, unknown>>;

/** The client_capabilities a queue may declare (reference server-events §1.3). */
export const CAPABILITIES = [
  'notification_settings_null',
  'bulk_message_deletion',
  'user_avatar_url_field_optional',
  'stream_typing_notifications',
  'user_settings_object',
  'linkifier_url_template',
  'user_list_incomplete',
  'include_deactivated_groups',
  'archived_channels',
  'empty_topic_name',
  'simplified_presence_events',
] as const;

export type Capability = (typeof CAPABILITIES)[number];

/** Queues that have the capability (`has: true`), or that lack it. */
export interface CapabilityFilter {
  readonly name: Capability;
  readonly has: boolean;
}

/** Queues that list archived channels (has: true), or that drop them (has: false). */
export const keepingArchivedChannels = (has: boolean): CapabilityFilter => ({ name: 'archived_channels', has });

/** Queues that keep deactivated groups (has: true), or that drop them (has: false). */
export const keepingDeactivatedGroups = (has: boolean): CapabilityFilter => ({ name: 'include_deactivated_groups', has });

export interface Emission {
  readonly event: ApiEvent;
  /** Who may receive it: a list, or a rule the store asks for each user that has a queue. */
  readonly audience: Audience;
  /**
   * Set when the real server sends this event in one form to queues with a
   * capability and in another (or not at all) to queues without it.
   */
  readonly capability?: CapabilityFilter;
  /** For `message` events: what each queue needs to present the message in its own form. */
  readonly delivery?: MessageDelivery;
}

/**
 * A `message` event carries the message rendered, with the full avatar URL
 * and the stored topic; each queue then shows it in its own form
 * (apply_markdown, client_gravatar, empty_topic_name) and applies its narrow.
 */
export interface MessageDelivery {
  readonly rawContent: string;
  /** Whether queues with client_gravatar get a null avatar_url. */
  readonly gravatarSender: boolean;
  /** The sender's queue and the client's local id, for `local_message_id`. */
  readonly senderQueueId?: string;
  readonly localId?: string;
  /** Set on the copy for queues that see public channels' messages without being recipients (all_public_streams, a narrow). */
  readonly publicWatchersOnly?: boolean;
}

/**
 * The users an event reaches. A rule is data, not a list, so that an event
 * for "everyone who can see this user" costs as much as the queues that
 * exist, not as much as the realm has users.
 */
export type Audience =
  | { readonly kind: 'users'; readonly userIds: readonly number[] }
  | { readonly kind: 'rule'; readonly rule: AudienceRule; readonly except?: readonly number[] };

/** The named recipient rules (events/audience.ts); each holds for active users only. */
export type AudienceRule =
  | { readonly name: 'everyone' }
  | { readonly name: 'can-access-user'; readonly userId: number }
  | { readonly name: 'cannot-access-user'; readonly userId: number }
  /** Users who can access the user and may (`visible`) or may not see their real address. */
  | { readonly name: 'can-access-user-email'; readonly userId: number; readonly visible: boolean }
  | { readonly name: 'can-see-channel'; readonly channelId: number }
  | { readonly name: 'channel-peers'; readonly channelId: number }
  /** Users whose metadata access to the channel one change of its access fields (`from` → `to`) gained, lost or kept. */
  | {
      readonly name: 'channel-access-change';
      readonly channelId: number;
      readonly from: ChannelAccessFields;
      readonly to: ChannelAccessFields;
      readonly change: 'gained' | 'lost' | 'kept';
    }
  | { readonly name: 'non-guests' }
  | { readonly name: 'administrators' }
  /** Who hears of a bot's settings: its owner and, unless its default channels are private, the human administrators (rules/bots.ts). */
  | { readonly name: 'bot-administrators'; readonly botId: number };

/** What a queue was registered with: the filters and forms of the events it receives. */
export interface QueueSpec {
  readonly queueId: string;
  readonly userId: number;
  /** Null accepts every type; an empty set accepts only heartbeats. */
  readonly eventTypes: ReadonlySet<string> | null;
  readonly narrow: readonly (readonly [string, string])[];
  readonly allPublicStreams: boolean;
  readonly applyMarkdown: boolean;
  readonly clientGravatar: boolean;
  readonly slimPresence: boolean;
  readonly capabilities: ReadonlySet<Capability>;
  /** Idle seconds before the queue is collected. */
  readonly lifespanSecs: number;
}

/** What a queue endpoint asks the store to do once the model has checked the request. */
export type QueueCommand =
  | { readonly kind: 'register'; readonly queue: QueueSpec }
  | {
      readonly kind: 'get-events';
      readonly userId: number;
      readonly queueId: string;
      readonly lastEventId: number;
      readonly dontBlock: boolean;
    }
  | { readonly kind: 'create-queue-and-get'; readonly queue: QueueSpec }
  | { readonly kind: 'delete-queue'; readonly userId: number; readonly queueId: string };
