/**
 * A channel's e-mail gateway address (the real server's encode_email_address):
 * `<slug>.<token>.show-sender@<gateway host>`, the slug left out when the
 * name does not survive ASCII slugging.
 */
import { sha256Hex } from '../sha256.js';
import type { Channel, State } from '../state.js';

/**
 * The real server stores a random 32-hex-digit token per (channel, creator,
 * sender) on first request; chatref derives one from the same triple, so the
 * same request always gets the same address without a write.
 */
export function channelEmailToken(state: State, channel: Channel, creatorId: number, senderId: number): string {
  return sha256Hex(`${state.realm.id}:${channel.id}:${channel.dateCreated}:${creatorId}:${senderId}`).slice(0, 32);
}

/** Django's slugify on text already reduced to word characters and hyphens: ASCII-folded, lower-cased, hyphens squeezed. */
function slugify(text: string): string {
  const ascii = text.normalize('NFKD').replace(/[^\x00-\x7f]/g, '');
  return ascii
    .toLowerCase()
    .replace(/[^\w\s-]/g, '')
    .replace(/[-\s]+/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '');
}

export function encodeChannelEmailAddress(state: State, channel: Channel, token: string): string {
  const name = channel.name.replace(/[^\p{L}\p{N}_]+/gu, '-');
  const slug = slugify(name);
  const local = slug.length === name.length ? `${slug}.${token}` : token;
  return `${local}.show-sender@${state.realm.host}`;
}
