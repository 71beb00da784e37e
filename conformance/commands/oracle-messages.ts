/**
 * Message writes for the event oracle: send to one of its channels or as a
 * direct message, star or read a message and undo it, move a message to
 * another topic, delete one. They exercise the register keys message events
 * keep (max_message_id, unread_msgs, starred_messages,
 * recent_private_conversations, first_message_id). Messages are reached by
 * position among those the check sent.
 */
import { commandLabel, type OracleCommand, type OracleModel, pickActiveCaller, pickChannel, pickUserId, sendWrite } from './oracle-world.js';
import type { World } from './world.js';

const TOPICS = ['oracle one', 'oracle two'] as const;
/** The messages a later command may pick: the newest this many of those the check sent. */
const MESSAGES_KEPT = 12;

function pickMessage(model: OracleModel, position: number): number | undefined {
  const ids = model.registry.messageIds;
  return ids.length === 0 ? undefined : ids[position % ids.length];
}

export class SendMessageCommand implements OracleCommand {
  private label = '';

  constructor(
    readonly callerPosition: number,
    readonly toChannel: boolean,
    readonly targetPosition: number,
    /** A second recipient of a direct message (a group conversation), by position, or none. */
    readonly alsoPosition: number | undefined,
  ) {}

  check(): boolean {
    return true;
  }

  async run(model: OracleModel, world: World): Promise<void> {
    const caller = pickActiveCaller(model, this.callerPosition);
    const channel = this.toChannel ? pickChannel(model, this.targetPosition) : undefined;
    let params: Record<string, string>;
    if (channel !== undefined) {
      params = { type: 'stream', to: String(channel.id), topic: TOPICS[this.targetPosition % TOPICS.length]!, content: 'said to the event oracle' };
    } else {
      const to = new Set([pickUserId(world, model, this.targetPosition)]);
      if (this.alsoPosition !== undefined) to.add(pickUserId(world, model, this.alsoPosition));
      params = { type: 'direct', to: JSON.stringify([...to]), content: 'said to the event oracle' };
    }
    const sent = await sendWrite(world, { caller, method: 'POST', path: '/messages', params }, `sending a ${params['type']} message`);
    this.label = world.lastCurl;
    const id = sent.body['id'];
    if (!sent.ok || typeof id !== 'number') return;
    const ids = model.registry.messageIds;
    ids.push(id);
    if (ids.length > MESSAGES_KEPT) ids.splice(0, ids.length - MESSAGES_KEPT);
  }

  toString(): string {
    return commandLabel(
      'SendMessage',
      [`caller#${this.callerPosition}`, this.toChannel ? 'channel' : 'direct', `target#${this.targetPosition}`, `also#${String(this.alsoPosition)}`],
      this.label,
    );
  }
}

export class MessageFlagCommand implements OracleCommand {
  private label = '';

  constructor(
    readonly callerPosition: number,
    readonly messagePosition: number,
    readonly flag: 'starred' | 'read',
    readonly add: boolean,
  ) {}

  check(model: Readonly<OracleModel>): boolean {
    return model.registry.messageIds.length > 0;
  }

  async run(model: OracleModel, world: World): Promise<void> {
    const id = pickMessage(model, this.messagePosition);
    if (id === undefined) return;
    const caller = pickActiveCaller(model, this.callerPosition);
    const params = { messages: JSON.stringify([id]), flag: this.flag, op: this.add ? 'add' : 'remove' };
    await sendWrite(world, { caller, method: 'POST', path: '/messages/flags', params }, `${params.op} flag ${this.flag} on a message`);
    this.label = world.lastCurl;
  }

  toString(): string {
    return commandLabel(
      'MessageFlag',
      [`caller#${this.callerPosition}`, `message#${this.messagePosition}`, this.flag, this.add ? 'add' : 'remove'],
      this.label,
    );
  }
}

/** PATCH /messages/{id} to another topic, the rest of the topic along (refused for direct messages: either answer is fine). */
export class MoveTopicCommand implements OracleCommand {
  private label = '';

  constructor(
    readonly callerPosition: number,
    readonly messagePosition: number,
  ) {}

  check(model: Readonly<OracleModel>): boolean {
    return model.registry.messageIds.length > 0;
  }

  async run(model: OracleModel, world: World): Promise<void> {
    const id = pickMessage(model, this.messagePosition);
    if (id === undefined) return;
    const caller = pickActiveCaller(model, this.callerPosition);
    const params = { topic: TOPICS[this.messagePosition % TOPICS.length]!, propagate_mode: 'change_all' };
    await sendWrite(world, { caller, method: 'PATCH', path: `/messages/${id}`, params }, 'moving a message to another topic');
    this.label = world.lastCurl;
  }

  toString(): string {
    return commandLabel('MoveTopic', [`caller#${this.callerPosition}`, `message#${this.messagePosition}`], this.label);
  }
}

export class DeleteMessageCommand implements OracleCommand {
  private label = '';

  constructor(
    readonly callerPosition: number,
    readonly messagePosition: number,
  ) {}

  check(model: Readonly<OracleModel>): boolean {
    return model.registry.messageIds.length > 0;
  }

  async run(model: OracleModel, world: World): Promise<void> {
    const id = pickMessage(model, this.messagePosition);
    if (id === undefined) return;
    const caller = pickActiveCaller(model, this.callerPosition);
    const deleted = await sendWrite(world, { caller, method: 'DELETE', path: `/messages/${id}` }, 'deleting a message');
    this.label = world.lastCurl;
    if (deleted.ok) model.registry.messageIds.splice(model.registry.messageIds.indexOf(id), 1);
  }

  toString(): string {
    return commandLabel('DeleteMessage', [`caller#${this.callerPosition}`, `message#${this.messagePosition}`], this.label);
  }
}
