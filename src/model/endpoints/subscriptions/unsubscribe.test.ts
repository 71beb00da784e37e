import { describe, expect, it } from 'vitest';
import { as, CORDELIA, DESDEMONA, expectError, expectSuccess, HAMLET, HAMLET_BOT, IAGO, newModel, SHIVA } from '../../../testing/default-realm.js';
import { archiveChannel, subscribedNames, subscribeTo, subscriptionOf } from './test-support.js';

function unsubscribeFrom(model: ReturnType<typeof newModel>, actor: Parameters<typeof as>[1], names: string[], extra: Record<string, string> = {}) {
  return as(model, actor).delete('/users/me/subscriptions', { subscriptions: JSON.stringify(names), ...extra });
}

describe('DELETE /users/me/subscriptions (reference §1.5)', () => {
  it('removes own subscriptions and lists the channels one was not subscribed to', () => {
    const model = newModel();
    expectSuccess(subscribeTo(model, HAMLET, ['Gone', 'Kept']));
    expectSuccess(subscribeTo(model, CORDELIA, ['Never']));
    const data = expectSuccess(unsubscribeFrom(model, HAMLET, [' gone ', 'Never']));
    expect(data).toMatchObject({ removed: ['Gone'], not_removed: ['Never'] });
    expect(subscribedNames(model, HAMLET)).not.toContain('Gone');
    expect(subscribedNames(model, HAMLET)).toContain('Kept');
    expect(subscriptionOf(model, CORDELIA, 'Never')!['subscriber_count']).toBe(1);
  });

  it('fails as a whole for unknown channels and for private channels the caller may not know of', () => {
    const model = newModel();
    expectSuccess(subscribeTo(model, HAMLET, ['Mine']));
    expectSuccess(subscribeTo(model, IAGO, ['Hidden'], { invite_only: 'true' }));
    const before = model.state;
    expectError(unsubscribeFrom(model, HAMLET, ['Mine', 'Nowhere', 'Hidden']), 400, 'BAD_REQUEST', 'Channel(s) (Nowhere, Hidden) do not exist');
    expectError(unsubscribeFrom(model, HAMLET, ['']), 400, 'BAD_REQUEST', "Channel name can't be empty.");
    expect(model.state).toBe(before);
  });

  it('lets a user unsubscribe their own bot, but others only with permission', () => {
    const model = newModel();
    expectSuccess(subscribeTo(model, IAGO, ['Crowd'], { principals: JSON.stringify([HAMLET_BOT.userId, CORDELIA.userId, HAMLET.userId]) }));
    expectSuccess(unsubscribeFrom(model, HAMLET, ['Crowd'], { principals: JSON.stringify([HAMLET_BOT.userId]) }));
    const before = model.state;
    expectError(unsubscribeFrom(model, HAMLET, ['Crowd'], { principals: JSON.stringify([CORDELIA.userId]) }), 400, 'BAD_REQUEST', 'Insufficient permission');
    expectError(unsubscribeFrom(model, SHIVA, ['Crowd'], { principals: JSON.stringify([CORDELIA.userId]) }), 400, 'BAD_REQUEST', 'Insufficient permission');
    expectError(unsubscribeFrom(model, HAMLET, ['Crowd'], { principals: JSON.stringify([424242]) }), 400, 'BAD_REQUEST', 'No such user');
    expect(model.state).toBe(before);
    // Administrators may (can_remove_subscribers_group defaults to them).
    expect(expectSuccess(unsubscribeFrom(model, IAGO, ['Crowd'], { principals: JSON.stringify([CORDELIA.userId]) }))['removed']).toEqual(['Crowd']);
    expect(subscribedNames(model, CORDELIA)).not.toContain('Crowd');
  });

  it('lets the channel administrators unsubscribe others', () => {
    const model = newModel();
    expectSuccess(subscribeTo(model, HAMLET, ['Court'], { principals: JSON.stringify([CORDELIA.userId, HAMLET.userId]) }));
    // The creator administers the channel (can_administer_channel_group).
    expectSuccess(unsubscribeFrom(model, HAMLET, ['Court'], { principals: JSON.stringify([CORDELIA.userId]) }));
    expect(subscribedNames(model, CORDELIA)).not.toContain('Court');
  });

  it('leaves archived channels alone before feature level 362', () => {
    const model = newModel();
    expectSuccess(subscribeTo(model, DESDEMONA, ['Attic', 'Cellar']));
    archiveChannel(model, 'Attic');
    archiveChannel(model, 'Cellar');
    expectSuccess(unsubscribeFrom(model, DESDEMONA, ['Attic']));
    model.reset({ ...model.state, featureLevel: 361 });
    expectError(unsubscribeFrom(model, DESDEMONA, ['Cellar']), 400, 'BAD_REQUEST', 'Channel(s) (Cellar) do not exist');
  });
});
