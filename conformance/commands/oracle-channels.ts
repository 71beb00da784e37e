/** Channel writes for the event oracle: create (by subscribing to a new name), change, archive. */
import {
  actorOf,
  commandLabel,
  liveChannels,
  MAX_CHANNELS,
  MAX_MADE_PER_CHECK,
  MAX_MADE_PER_RUN,
  type OracleCommand,
  type OracleModel,
  pickActiveCaller,
  pickChannel,
  pickUserId,
  sendWrite,
} from './oracle-world.js';
import type { World } from './world.js';

/** POST /users/me/subscriptions with a new name: the caller (and maybe one more user) in a new channel. */
export class CreateChannelCommand implements OracleCommand {
  private label = '';

  constructor(
    readonly callerPosition: number,
    readonly inviteOnly: boolean,
    readonly isDefault: boolean,
    /** Someone subscribed along with the caller, by position (owner 0, then the pool), or none. */
    readonly alsoPosition: number | undefined,
  ) {}

  check(model: Readonly<OracleModel>): boolean {
    return model.channelsMade < MAX_MADE_PER_RUN && liveChannels(model).length < MAX_CHANNELS && model.registry.channels.length < MAX_MADE_PER_CHECK;
  }

  async run(model: OracleModel, world: World): Promise<void> {
    const caller = pickActiveCaller(model, this.callerPosition);
    const name = world.unique('oracle');
    const params: Record<string, string> = { subscriptions: JSON.stringify([{ name, description: 'made by the event oracle' }]) };
    if (this.inviteOnly) params['invite_only'] = 'true';
    if (this.isDefault) params['is_default_stream'] = 'true';
    if (this.alsoPosition !== undefined) {
      const ids = new Set([actorOf(world, caller).userId, pickUserId(world, model, this.alsoPosition)]);
      params['principals'] = JSON.stringify([...ids]);
    }
    const made = await sendWrite(world, { caller, method: 'POST', path: '/users/me/subscriptions', params }, `creating channel ${name}`);
    this.label = world.lastCurl;
    model.channelsMade += 1;
    if (!made.ok) return;
    const found = await world.send({ caller, method: 'GET', path: '/get_stream_id', params: { stream: name } });
    const id = (found.body as Record<string, unknown> | null)?.['stream_id'];
    if (typeof id === 'number') model.registry.channels.push({ id, name, archived: false });
  }

  toString(): string {
    return commandLabel(
      'CreateChannel',
      [`caller#${this.callerPosition}`, `invite_only ${this.inviteOnly}`, `default ${this.isDefault}`, `also#${String(this.alsoPosition)}`],
      this.label,
    );
  }
}

export const CHANNEL_CHANGES = ['description', 'rename', 'private', 'public', 'default', 'not-default', 'unarchive'] as const;
export type ChannelChange = (typeof CHANNEL_CHANGES)[number];

/** PATCH /streams/{stream_id}: one property of a channel the check made. */
export class UpdateChannelCommand implements OracleCommand {
  private label = '';

  constructor(
    readonly callerPosition: number,
    readonly channelPosition: number,
    readonly change: ChannelChange,
  ) {}

  check(model: Readonly<OracleModel>): boolean {
    return liveChannels(model, this.change === 'unarchive').length > 0;
  }

  async run(model: OracleModel, world: World): Promise<void> {
    const caller = pickActiveCaller(model, this.callerPosition);
    const channel = pickChannel(model, this.channelPosition, this.change === 'unarchive');
    const newName = world.unique('renamed');
    const params: Record<string, string> = {
      description: { description: `changed ${newName}` },
      rename: { new_name: newName },
      private: { is_private: 'true' },
      public: { is_private: 'false' },
      default: { is_default_stream: 'true' },
      'not-default': { is_default_stream: 'false' },
      unarchive: { is_archived: 'false' },
    }[this.change];
    const done = await sendWrite(world, { caller, method: 'PATCH', path: `/streams/${channel.id}`, params }, `changing channel ${channel.id} (${this.change})`);
    this.label = world.lastCurl;
    if (done.ok && this.change === 'rename') channel.name = newName;
    if (done.ok && this.change === 'unarchive') channel.archived = false;
  }

  toString(): string {
    return commandLabel('UpdateChannel', [`caller#${this.callerPosition}`, `channel#${this.channelPosition}`, this.change], this.label);
  }
}

/** DELETE /streams/{stream_id}: archive a channel the check made. */
export class ArchiveChannelCommand implements OracleCommand {
  private label = '';

  constructor(
    readonly callerPosition: number,
    readonly channelPosition: number,
  ) {}

  check(model: Readonly<OracleModel>): boolean {
    return liveChannels(model).length > 0;
  }

  async run(model: OracleModel, world: World): Promise<void> {
    const caller = pickActiveCaller(model, this.callerPosition);
    const channel = pickChannel(model, this.channelPosition);
    const done = await sendWrite(world, { caller, method: 'DELETE', path: `/streams/${channel.id}` }, `archiving channel ${channel.id}`);
    if (done.ok) channel.archived = true;
    this.label = world.lastCurl;
  }

  toString(): string {
    return commandLabel('ArchiveChannel', [`caller#${this.callerPosition}`, `channel#${this.channelPosition}`], this.label);
  }
}

/** POST /users/me/subscriptions (subscribe) or DELETE (unsubscribe): the caller, or someone else by position. */
export class SubscriptionCommand implements OracleCommand {
  private label = '';

  constructor(
    readonly callerPosition: number,
    readonly channelPosition: number,
    readonly subscribe: boolean,
    readonly whoPosition: number | undefined,
  ) {}

  check(model: Readonly<OracleModel>): boolean {
    return liveChannels(model).length > 0;
  }

  async run(model: OracleModel, world: World): Promise<void> {
    const caller = pickActiveCaller(model, this.callerPosition);
    const channel = pickChannel(model, this.channelPosition);
    const params: Record<string, string> = { subscriptions: JSON.stringify(this.subscribe ? [{ name: channel.name }] : [channel.name]) };
    if (this.whoPosition !== undefined) params['principals'] = JSON.stringify([pickUserId(world, model, this.whoPosition)]);
    const verb = this.subscribe ? 'subscribing' : 'unsubscribing';
    await sendWrite(
      world,
      { caller, method: this.subscribe ? 'POST' : 'DELETE', path: '/users/me/subscriptions', params },
      `${verb} ${params['principals'] ?? 'themselves'} to channel ${channel.id}`,
    );
    this.label = world.lastCurl;
  }

  toString(): string {
    return commandLabel(
      this.subscribe ? 'Subscribe' : 'Unsubscribe',
      [`caller#${this.callerPosition}`, `channel#${this.channelPosition}`, `who#${String(this.whoPosition)}`],
      this.label,
    );
  }
}
