/** avatar_url as the real server computes it. */
import { createHash } from 'node:crypto';
import type { User } from '../state.js';

export function gravatarUrl(user: User): string {
  const hash = createHash('md5').update(user.deliveryEmail.toLowerCase()).digest('hex');
  return `https://secure.gravatar.com/avatar/${hash}?d=identicon&version=${user.avatarVersion}`;
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
