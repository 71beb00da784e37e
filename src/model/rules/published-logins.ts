/**
 * Which logins anyone may read: the ones the README publishes (the default
 * realm's), for as long as a user still has them. The server's home page
 * (GET /) lists these and no others, so it can only ever show strings that
 * are public already, never a key or password of someone's own fixture.
 */
import type { State, User } from '../state.js';
import { rows } from '../tables/table.js';
import { isBot } from './roles.js';

/** One published login: an address's API key and password, and the hash the password was stored under. */
export interface PublishedLogin {
  readonly apiKey: string;
  readonly password: string | null;
  readonly passwordHash: string | null;
}

/** A user with the published credentials they still have (null where theirs has changed since). */
export interface PublicLogin {
  readonly user: User;
  readonly apiKey: string | null;
  readonly password: string | null;
}

export interface PublicLogins {
  /** In user id order. */
  readonly listed: readonly PublicLogin[];
  /** Active humans with no published credential left: counted, never named. */
  readonly unlisted: number;
}

/** The active humans, as the server's first line lists them, split into those with a published credential and the rest. */
export function selectPublicLogins(state: State, published: ReadonlyMap<string, PublishedLogin>): PublicLogins {
  const listed: PublicLogin[] = [];
  let unlisted = 0;
  for (const user of rows(state.users)) {
    if (!user.isActive || isBot(user)) continue;
    const login = published.get(user.deliveryEmail.toLowerCase());
    const apiKey = login !== undefined && user.apiKey === login.apiKey ? login.apiKey : null;
    const password = login?.password != null && user.passwordHash !== null && user.passwordHash === login.passwordHash ? login.password : null;
    if (apiKey === null && password === null) unlisted++;
    else listed.push({ user, apiKey, password });
  }
  return { listed, unlisted };
}
