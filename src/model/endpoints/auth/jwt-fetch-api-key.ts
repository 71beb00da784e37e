import jwt from 'jsonwebtoken';
import { z } from 'zod';
import { recordFirstLogin } from '../../actions/users.js';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import { presentUser } from '../../present/user.js';
import { checkAccountCanLogIn } from '../../rules/logins.js';
import { selectUserByDeliveryEmail } from '../../rules/users.js';
import { getRow } from '../../tables/table.js';

/** Verifies an HS256 token with the request's clock, so the check stays pure. */
function decodeToken(token: string, key: string, now: number): Record<string, unknown> | null {
  try {
    const payload = jwt.verify(token, key, { algorithms: ['HS256'], clockTimestamp: Math.floor(now) });
    if (typeof payload !== 'object' || payload === null) return null;
    // No audience is configured, so a token that names one is refused, as PyJWT does.
    if (Object.hasOwn(payload, 'aud')) return null;
    return payload as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** POST /jwt/fetch_api_key: a signed token with an `email` claim for the API key. Unauthenticated. */
export const jwtFetchApiKey = defineEndpoint({
  operation: 'jwt-fetch-api-key',
  method: 'POST',
  path: '/jwt/fetch_api_key',
  auth: 'none',
  params: z.object({ token: z.string().default(''), include_profile: wire.bool().default(false) }),
  reduce(state, { params, now }) {
    const key = state.realm.jwtKey;
    if (key === null) return fail(Errors.jwtDisabled());
    if (params.token === '') return fail(Errors.jwtMissing());
    const payload = decodeToken(params.token, key, now);
    if (payload === null) return fail(Errors.jwtBad());
    if (!Object.hasOwn(payload, 'email')) return fail(Errors.jwtNoEmail());
    const email = payload['email'];
    const account = checkAccountCanLogIn(state, typeof email === 'string' ? selectUserByDeliveryEmail(state, email) : undefined);
    if (!account.ok) return fail(account.error);
    const user = account.value;
    const written = commit(state, now, (tx) => recordFirstLogin(tx, user));
    const data: Record<string, unknown> = { api_key: user.apiKey, email: user.deliveryEmail };
    if (params.include_profile) {
      const self = getRow(written.state.users, user.id) ?? user;
      data['user'] = presentUser(written.state, self, self, { clientGravatar: false, includeCustomProfileFields: false });
    }
    return succeed(written, data);
  },
});
