/**
 * The throw-away users the bad-input and auth properties work with, made
 * once per run (user creation is slow on purpose on every server: password
 * hashing) and shared by all property checks of that run.
 */
import type { Actor, Cast, CheckContext } from '../check.js';
import { createdGroupId } from '../checks/groups/support.js';
import type { PropertyEnv } from './endpoint-spec.js';

const pools = new WeakMap<Cast, Promise<PropertyEnv>>();

function bodyOf(response: { readonly body: unknown }): Record<string, unknown> {
  return response.body !== null && typeof response.body === 'object' ? (response.body as Record<string, unknown>) : {};
}

async function makeChannel(ctx: CheckContext, subscribers: readonly Actor[]): Promise<{ id: number; name: string }> {
  const name = ctx.unique('channel');
  for (const subscriber of subscribers) await ctx.call(subscriber, 'POST', '/users/me/subscriptions', { subscriptions: JSON.stringify([{ name }]) });
  const found = await ctx.call(ctx.cast.owner, 'GET', '/get_stream_id', { stream: name });
  const id = bodyOf(found)['stream_id'];
  if (typeof id !== 'number') throw new Error(`could not create a throw-away channel ${name}: GET /get_stream_id answered ${found.status}`);
  return { id, name };
}

async function makeGroup(ctx: CheckContext, members: readonly number[]): Promise<{ id: number }> {
  const name = ctx.unique('group');
  const made = await ctx.call(ctx.cast.owner, 'POST', '/user_groups/create', { name, description: 'throw-away', members: JSON.stringify(members) });
  if (made.status !== 200) throw new Error(`could not create a throw-away user group ${name}: POST /user_groups/create answered ${made.status}`);
  return { id: await createdGroupId(ctx, name, bodyOf(made)) };
}

async function sendMessage(ctx: CheckContext, sender: Actor, channelId: number, content: string): Promise<{ id: number }> {
  const sent = await ctx.call(sender, 'POST', '/messages', { type: 'stream', to: String(channelId), topic: 'bad input', content });
  const id = bodyOf(sent)['id'];
  if (typeof id !== 'number') throw new Error(`could not send a throw-away message: POST /messages answered ${sent.status}`);
  return { id };
}

async function deletedMessage(ctx: CheckContext, sender: Actor, channelId: number): Promise<{ id: number }> {
  const made = await sendMessage(ctx, sender, channelId, 'deleted at once');
  const deletion = await ctx.call(ctx.cast.owner, 'DELETE', `/messages/${made.id}`);
  if (deletion.status !== 200) throw new Error(`could not delete a throw-away message: DELETE /messages/${made.id} answered ${deletion.status}`);
  return made;
}

async function provision(ctx: CheckContext): Promise<PropertyEnv> {
  const self = await ctx.newUser();
  const target = await ctx.newUser();
  const deactivated = await ctx.newUser();
  const owner = ctx.cast.owner;
  const deactivation = await ctx.call(owner, 'DELETE', `/users/${deactivated.userId}`);
  if (deactivation.status !== 200)
    throw new Error(`could not deactivate a throw-away user: DELETE /users/${deactivated.userId} answered ${deactivation.status}`);
  const channel = await makeChannel(ctx, [owner, self]);
  const spareChannel = await makeChannel(ctx, [owner]);
  const group = await makeGroup(ctx, [target.userId]);
  const spareGroup = await makeGroup(ctx, [target.userId]);
  const message = await sendMessage(ctx, self, channel.id, 'a message the properties read');
  return {
    owner,
    self,
    target: { id: target.userId, email: target.email },
    deactivated,
    channel,
    spareChannel,
    group,
    spareGroup,
    message,
    deletedMessage: await deletedMessage(ctx, self, channel.id),
    unique: (label) => ctx.unique(label),
    domain: owner.email.slice(owner.email.lastIndexOf('@') + 1),
  };
}

/** The run's property environment; the first check to ask provisions it. */
export function propertyEnv(ctx: CheckContext): Promise<PropertyEnv> {
  let env = pools.get(ctx.cast);
  if (env === undefined) {
    env = provision(ctx);
    pools.set(ctx.cast, env);
    // A failed provisioning must not poison later checks of the run.
    env.catch(() => pools.delete(ctx.cast));
  }
  return env.then((ready) => ({ ...ready, unique: (label: string) => ctx.unique(label) }));
}

/** The pool the command sequences start with: two members, an administrator, a guest. */
const SEQUENCE_ROLES = [400, 400, 200, 600] as const;

/** One pool per purpose: the differential's reference mirrors only what its own sequences did to its users. */
export type SequencePurpose = 'invariants' | 'differential';

const sequencePools: { readonly [purpose in SequencePurpose]: WeakMap<Cast, Promise<readonly Actor[]>> } = {
  invariants: new WeakMap(),
  differential: new WeakMap(),
};

async function provisionSequencePool(ctx: CheckContext): Promise<readonly Actor[]> {
  const actors: Actor[] = [];
  for (const role of SEQUENCE_ROLES) actors.push(await ctx.newUser(role));
  return actors;
}

/** Users the command sequences of one property act on (each run reads their current state). */
export function sequencePool(ctx: CheckContext, purpose: SequencePurpose): Promise<readonly Actor[]> {
  const pools = sequencePools[purpose];
  let pool = pools.get(ctx.cast);
  if (pool === undefined) {
    pool = provisionSequencePool(ctx);
    pools.set(ctx.cast, pool);
    pool.catch(() => pools.delete(ctx.cast));
  }
  return pool;
}
