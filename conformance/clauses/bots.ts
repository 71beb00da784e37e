/**
 * Bots, reactivation, API keys and own deactivation. The spec names bots
 * (bot_type, bot_owner_id, Basic authentication as a bot) but no bot
 * endpoint, so every clause here is the real server's behaviour (`compat`):
 * zerver/views/users.py, zerver/lib/users.py and zerver/actions (see
 * src/model/rules/bots.ts for the facts and where they came from).
 */
import type { Clause } from '../clauses.js';
import { compat } from './clause.js';

const CREATE = 'POST /bots';
const LIST = 'GET /bots';
const UPDATE = 'PATCH /bots/{bot_id}';
const DEACTIVATE = 'DELETE /bots/{bot_id}';
const BOT_KEY = 'POST /bots/{bot_id}/api_key/regenerate';
const REACTIVATE = 'POST /users/{user_id}/reactivate';
const OWN_KEY = 'POST /users/me/api_key/regenerate';
const DEACTIVATE_SELF = 'DELETE /users/me';

const VIEWS = 'real server zerver/views/users.py';
const LIB = 'real server zerver/lib/users.py';
const USER_RECORD = 'spec: User (is_bot, bot_type, bot_owner_id); Authentication';

export const BOT_CLAUSES: readonly Clause[] = [
  compat('bots.create.generic', `${VIEWS} add_bot_backend; ${USER_RECORD}`, 'a member creates a generic bot: user_id and a 32-character api_key', CREATE),
  compat('bots.create.address', `${LIB} validate_short_name_and_construct_bot_email`, 'the bot’s address is <short_name>-bot@<bot domain>', CREATE),
  compat('bots.create.authenticates', `${USER_RECORD}`, 'the new bot authenticates with its address and key, and reads back as a bot of the caller', CREATE),
  compat('bots.create.bad-short-name', `${LIB} check_short_name`, 'a blank short name fails with "Bad name or username"', CREATE),
  compat('bots.create.address-taken', `${VIEWS} add_bot_backend`, 'a short name whose address is taken fails', CREATE),
  compat('bots.create.name-taken', `${LIB} check_bot_name_available`, 'a full name an active user has fails with "Name is already in use."', CREATE),
  compat('bots.create.bad-type', `${LIB} check_valid_bot_type`, 'an unknown bot_type fails with "Invalid bot type"', CREATE),
  compat('bots.create.guest', `${VIEWS} require_member_or_admin`, 'a guest cannot create bots', CREATE),
  compat('bots.create.refused-unchanged', 'spec: Errors', 'a refused creation creates no bot', CREATE),
  compat('bots.list.own', `${VIEWS} get_bots_backend`, 'GET /bots lists the caller’s active bots with their keys, and no one else’s', LIST),
  compat('bots.update.owner', `${VIEWS} patch_bot_backend`, 'the bot’s owner renames it and the new name reads back', UPDATE),
  compat('bots.update.others', `${LIB} access_bot_by_id`, 'a member who does not own the bot gets "Insufficient permission"', UPDATE),
  compat('bots.update.no-such-bot', `${LIB} access_bot_by_id`, 'an unknown id or a human’s id gets "No such bot"', UPDATE),
  compat('bots.deactivate.stops-auth', `${VIEWS} deactivate_bot_backend`, 'a deactivated bot’s key gets 401 and the bot reads back inactive', DEACTIVATE),
  compat('bots.key.regenerate', `${VIEWS} regenerate_bot_api_key`, 'a new bot key works at once and the old one stops working', BOT_KEY),
  compat(
    'users.reactivate.restores',
    `${VIEWS} reactivate_user_backend`,
    'an administrator reactivates a deactivated user, who authenticates again',
    REACTIVATE,
  ),
  compat('users.reactivate.bot', `${VIEWS} reactivate_user_backend`, 'a deactivated bot can be reactivated and its key works again', REACTIVATE),
  compat('users.reactivate.already-active', `${VIEWS} reactivate_user_backend`, 'reactivating an active user fails and changes nothing', REACTIVATE),
  compat('users.reactivate.admin-only', `${LIB} access_user_by_id (for_admin)`, 'a member cannot reactivate another user', REACTIVATE),
  compat(
    'users.own-key.regenerate',
    'real server zerver/views/user_settings.py regenerate_api_key',
    'a user’s new key works at once and the old one stops',
    OWN_KEY,
  ),
  compat(
    'users.deactivate-self.deactivates',
    `${VIEWS} deactivate_user_own_backend`,
    'a user deactivates their own account and can no longer authenticate',
    DEACTIVATE_SELF,
  ),
];
