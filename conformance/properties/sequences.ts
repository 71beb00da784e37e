/**
 * Random sequences of API calls over a pool of throw-away users: after every
 * call the invariants hold and the read-back matches the simplified model;
 * with a reference model alongside, every answer matches the reference's.
 */
import fc from 'fast-check';
import type { Check, CheckContext } from '../check.js';
import { userCommandSequences } from '../commands/index.js';
import { worldOverTarget } from '../commands/world-over-target.js';
import { Reference } from '../reference/reference.js';
import { sequencePool } from './env.js';
import { checkProperty, Recorder } from './recorder.js';

/** The target realm's default address visibility for new users (register's realm_user_settings_defaults), copied to the reference. */
async function followTargetDefaults(ctx: CheckContext, reference: Reference): Promise<void> {
  const registered = await ctx.call(ctx.cast.owner, 'POST', '/register', { fetch_event_types: '["realm_user_settings_defaults"]' });
  const body = registered.body as { queue_id?: unknown; realm_user_settings_defaults?: { email_address_visibility?: unknown } } | null;
  if (typeof body?.queue_id === 'string') await ctx.call(ctx.cast.owner, 'DELETE', '/events', { queue_id: body.queue_id });
  const visibility = body?.realm_user_settings_defaults?.email_address_visibility;
  if (typeof visibility === 'number') reference.followNewUserVisibility(visibility);
}

async function runSequences(ctx: CheckContext, differential: boolean): Promise<void> {
  const recorder = new Recorder(ctx);
  const reference = differential ? new Reference(ctx.seed, ctx.featureLevel) : undefined;
  const world = worldOverTarget(ctx, recorder.call, reference);
  try {
    if (reference !== undefined) await followTargetDefaults(ctx, reference);
    for (const actor of await sequencePool(ctx, differential ? 'differential' : 'invariants')) world.adopt(actor);
    const property = fc.asyncProperty(userCommandSequences(), (commands) =>
      recorder.execute(async () => {
        await fc.asyncModelRun(async () => ({ model: await world.readModel(), real: world }), commands);
        if (differential) await world.readBackPool();
      }),
    );
    const claim = differential
      ? 'every call in a random sequence answers as the reference model does'
      : 'after every call in a random sequence the user invariants hold and read-backs match';
    await checkProperty(
      ctx,
      recorder,
      { claim, clause: differential ? 'differential.reference.agrees' : 'invariant.owner.exists', share: differential ? 0.4 : 0.6 },
      property,
    );
  } finally {
    for (const id of world.createdIds) await ctx.call(ctx.cast.owner, 'DELETE', `/users/${id}`);
  }
}

export const INVARIANT_CHECK: Check = {
  id: 'properties.invariants.users',
  title:
    'Given any sequence of role changes, renames, deactivations, status updates and reads, then an active owner exists, user flags agree with roles, deactivated users cannot authenticate and every read-back matches',
  clauses: [
    'invariant.owner.exists',
    'invariant.owner.is-admin',
    'invariant.role.flags',
    'invariant.bot.type',
    'invariant.delivery-email.type',
    'invariant.user.read-agrees',
    'invariant.write.read-back',
    'invariant.role.permissions',
    'invariant.deactivated.no-auth',
  ],
  level: 'spec',
  endpoint: 'PATCH /users/{user_id}',
  run: (ctx) => runSequences(ctx, false),
};

export const DIFFERENTIAL_CHECK: Check = {
  id: 'properties.differential.users',
  title: 'Given any sequence of user calls sent to the target and to the reference model, then both answer alike (ids mapped)',
  clauses: ['differential.reference.agrees'],
  level: 'compat',
  endpoint: 'PATCH /users/{user_id}',
  run: (ctx) => runSequences(ctx, true),
};
