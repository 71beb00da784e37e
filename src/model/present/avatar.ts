/** avatar_url as the real server computes it. */
import { createHash } from 'node:crypto';
import { memoizeString } from '../memo.js';
import type { User } from '../state.js';

// Every message and user a response shows needs the hash: it depends on the address alone.
const gravatarHash = memoizeString((email: string) => createHash('md5').update(email.toLowerCase()).digest('hex'));

export function gravatarUrl(user: User): string {
  return `https://secure.gravatar.com/avatar/${gravatarHash(user.deliveryEmail)}?d=identicon&version=${user.avatarVersion}`;
}

/**
 * With client_gravatar the client computes Gravatar URLs itself, so the server
 * sends null, but only when the client can see the address the hash is of.
 */
export function avatarUrl(user: User, options: { clientGravatar: boolean; viewerSeesEmail: boolean }): string | null {
  if (user.avatarSource === 'U') return `/user_avatars/${user.id}/avatar.png?version=${user.avatarVersion}`;
  if (options.clientGravatar && options.viewerSeesEmail) return null;
  return gravatarUrl(user);
}
