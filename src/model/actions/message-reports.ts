/** Posting a report: Notification Bot's message in the moderation request channel, with its `message` events. */
import type { Tx } from '../events/commit.js';
import { renderMessageFor } from '../rules/message-rendering.js';
import type { Channel, State } from '../state.js';
import { sendMessage } from './messages.js';

export interface MessageReport {
  readonly channel: Channel;
  readonly topic: string;
  readonly content: string;
  /** Where the realm is reached, for the links the notification renders. */
  readonly realmUrl: string;
}

/** Nobody's copy starts read, the reporter's included. */
export function postMessageReport(tx: Tx, report: MessageReport): void {
  const current = tx.draft as unknown as State;
  const bot = current.systemBots.notificationBot;
  sendMessage(tx, {
    sender: bot,
    channel: report.channel,
    topic: report.topic,
    recipients: [],
    content: report.content,
    rendered: renderMessageFor(current, bot, report.content, report.realmUrl, tx.now),
    client: 'Internal',
    readBySender: false,
  });
}
