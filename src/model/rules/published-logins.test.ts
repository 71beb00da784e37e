import { describe, expect, it } from 'vitest';
import { loadFixture } from '../../fixtures/load.js';
import { publishedLoginsFor } from '../../fixtures/published-logins.js';
import { HAMLET_BOT, IAGO, OTHELLO } from '../../testing/default-realm.js';
import { type PublishedLogin, selectPublicLogins } from './published-logins.js';

describe('selectPublicLogins', () => {
  const state = loadFixture();

  it('lists every active human of the default realm with its published key and password', () => {
    const { listed, unlisted } = selectPublicLogins(state, publishedLoginsFor(state));
    expect(unlisted).toBe(0);
    expect(listed.map((login) => login.user.deliveryEmail)).toEqual([
      'desdemona@chatref.test',
      'iago@chatref.test',
      'shiva@chatref.test',
      'hamlet@chatref.test',
      'cordelia@chatref.test',
      'polonius@chatref.test',
    ]);
    expect(listed[1]).toMatchObject({ apiKey: IAGO.apiKey, password: IAGO.password });
  });

  it('gives a published value only where the user still has it', () => {
    const published = new Map<string, PublishedLogin>([
      [IAGO.email, { apiKey: IAGO.apiKey, password: 'not-his-any-more', passwordHash: 'scrypt$other' }],
      ['hamlet@chatref.test', { apiKey: 'AnOldKeyOfHamlets000000000000000', password: null, passwordHash: null }],
    ]);
    const { listed, unlisted } = selectPublicLogins(state, published);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ apiKey: IAGO.apiKey, password: null });
    expect(listed[0]!.user.deliveryEmail).toBe(IAGO.email);
    expect(unlisted).toBe(5);
  });

  it('never lists a bot or a deactivated user, published or not', () => {
    const published = new Map<string, PublishedLogin>(
      [OTHELLO, HAMLET_BOT].map((user) => [user.email, { apiKey: user.apiKey, password: null, passwordHash: null }]),
    );
    const { listed } = selectPublicLogins(state, published);
    expect(listed).toEqual([]);
  });
});
