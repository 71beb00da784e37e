import { z } from 'zod';
import { recordFirstLogin } from '../../actions/users.js';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { isValidEmail } from '../../rules/emails.js';
import { checkAccountCanLogIn } from '../../rules/logins.js';
import { selectUserByDeliveryEmail } from '../../rules/users.js';
import { verifyPassword } from '../../secrets.js';

/** A valid hash of a random, forgotten password: verifying against it costs what a real check costs. */
const UNKNOWN_USER_HASH = 'scrypt$16384$8$1$3q2+7w==$2bM6f0r0bUq9bXxJk5n2b0v4l1mVdW8bZ7xq9d4yL2k=';

/** POST /fetch_api_key: username (the real address) and password for the API key. Unauthenticated. */
export const fetchApiKey = defineEndpoint({
  operation: 'fetch-api-key',
  method: 'POST',
  path: '/fetch_api_key',
  auth: 'none',
  params: z.object({ username: z.string(), password: z.string() }),
  reduce(state, { params, now }) {
    if (!isValidEmail(params.username.trim())) return fail(Errors.invalidEmailAddress());
    if (!state.realm.passwordAuthEnabled) return fail(Errors.passwordAuthDisabled());
    if (params.password === '') return fail(Errors.authenticationFailed());
    const account = checkAccountCanLogIn(state, selectUserByDeliveryEmail(state, params.username));
    // The hash is computed even for unknown addresses, so response time does not reveal which exist.
    const passwordMatches = verifyPassword(params.password, account.ok ? account.value.passwordHash : UNKNOWN_USER_HASH);
    if (!account.ok) return fail(account.error);
    if (!passwordMatches) return fail(Errors.authenticationFailed());
    const user = account.value;
    return succeed(
      commit(state, now, (tx) => recordFirstLogin(tx, user)),
      { api_key: user.apiKey, email: user.deliveryEmail, user_id: user.id },
    );
  },
});
