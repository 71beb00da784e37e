import { z } from 'zod';
import { openSession } from '../../actions/sessions.js';
import { recordFirstLogin } from '../../actions/users.js';
import { defineEndpoint } from '../../endpoint.js';
import { drawApiKey } from '../../entropy.js';
import { Errors } from '../../errors.js';
import { commit } from '../../events/commit.js';
import { fail, succeedWithHeaders } from '../../outcome.js';
import { checkDevAuthEnabled } from '../../rules/dev-logins.js';
import { isValidEmail } from '../../rules/emails.js';
import { checkAccountCanLogIn } from '../../rules/logins.js';
import { sessionCookies } from '../../rules/sessions.js';
import { selectUserByDeliveryEmail } from '../../rules/users.js';

/**
 * POST /dev_fetch_api_key: the development server's login without a
 * password. Like the real one it also logs the client in (do_login), so the
 * answer sets the session and CSRF cookies that /json/ paths read.
 */
export const devFetchApiKey = defineEndpoint({
  operation: 'dev-fetch-api-key',
  method: 'POST',
  path: '/dev_fetch_api_key',
  auth: 'none',
  params: z.object({ username: z.string() }),
  reduce(state, { params, now, entropy }) {
    const enabled = checkDevAuthEnabled(state);
    if (!enabled.ok) return fail(enabled.error);
    if (!isValidEmail(params.username.trim())) return fail(Errors.invalidEmailAddress());
    const account = checkAccountCanLogIn(state, selectUserByDeliveryEmail(state, params.username));
    if (!account.ok) return fail(account.error);
    const user = account.value;
    const sessionKey = drawApiKey(entropy).toLowerCase();
    const csrfToken = drawApiKey(entropy);
    const written = commit(state, now, (tx) => {
      recordFirstLogin(tx, user);
      openSession(tx, user, sessionKey, csrfToken);
    });
    return succeedWithHeaders(
      written,
      { api_key: user.apiKey, email: user.deliveryEmail, user_id: user.id },
      { 'Set-Cookie': sessionCookies(sessionKey, csrfToken, now) },
    );
  },
});
