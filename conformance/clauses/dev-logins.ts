/**
 * The development server's password-less logins. The spec does not state
 * them; a production server refuses them and a development server (or
 * chatref's zulip-dev fixture) answers them, so every clause accepts either
 * and checks what each side must then hold (zerver/views/development/dev_login.py).
 */
import type { Clause } from '../clauses.js';
import { compat } from './clause.js';

const FETCH = 'POST /dev_fetch_api_key';
const LIST = 'GET /dev_list_users';
const source = 'dev_login.py (development server only)';

export const DEV_LOGIN_CLAUSES: readonly Clause[] = [
  compat(
    'dev-login.fetch-key.refused-or-own-key',
    source,
    'without the development login the answer is 400 BAD_REQUEST ("DevAuthBackend not enabled." or "Endpoint not available in production."); with it, the account’s own api_key, email and user_id and a session cookie',
    FETCH,
  ),
  compat(
    'dev-login.fetch-key.unknown-account',
    source,
    'where the development login is on, an address with no account gets 401 AUTHENTICATION_FAILED and no key',
    FETCH,
  ),
  compat(
    'dev-login.list-users',
    source,
    'refused exactly as the key fetch is, or direct_admins and direct_users of {email, realm_url} with administrators (owners included) apart and no bots',
    LIST,
  ),
];
