/** Making and reading bots through the public API, for the bot checks. */
import { type Actor, type CheckContext, CheckFailure } from '../../check.js';
import { type Body, expectSuccess } from '../../expect.js';
import type { TargetCredentials } from '../../target.js';

export interface MadeBot extends TargetCredentials {
  readonly userId: number;
  readonly shortName: string;
  readonly fullName: string;
}

/** A generic bot owned by `owner`, found again by its address in GET /users/{id}. */
export async function makeBot(ctx: CheckContext, owner: Actor, label: string, clause?: string): Promise<MadeBot> {
  const shortName = ctx.unique(label);
  const fullName = ctx.unique(`${label} bot`);
  const body = expectSuccess(await ctx.call(owner, 'POST', '/bots', { full_name: fullName, short_name: shortName, bot_type: '1' }), clause);
  const userId = body['user_id'];
  const apiKey = body['api_key'];
  if (typeof userId !== 'number' || typeof apiKey !== 'string')
    throw new CheckFailure(`user_id and api_key in POST /bots, got ${JSON.stringify(body)}`, undefined, clause);
  const user = expectSuccess(await ctx.call(owner, 'GET', `/users/${userId}`))['user'] as Body;
  return { userId, apiKey, email: String(user['delivery_email'] ?? user['email']), shortName, fullName };
}

/** Deactivates a bot a check made (a bot cannot be deleted): the cleanup every bot check ends with. */
export async function retireBot(ctx: CheckContext, bot: MadeBot): Promise<void> {
  await ctx.call(ctx.cast.owner, 'DELETE', `/bots/${bot.userId}`);
}
