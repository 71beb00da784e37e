import { expect } from 'vitest';
import { CORDELIA, GROUP, HAMLET, HAMLET_BOT } from '../../testing/default-realm.js';
import { describeLevelChanges, registerKeysProbe } from '../../testing/feature-level-probes.js';
import { LEVELS_461_496 } from './levels-461-496.js';

describeLevelChanges('feature levels 461–496', LEVELS_461_496, {
  493: registerKeysProbe(HAMLET, 'video_calls', ['has_webex_token']),
  496: (before, at) => {
    const add = { add: JSON.stringify([CORDELIA.userId]) };
    expect(before!.as(HAMLET_BOT).post(`/user_groups/${GROUP.hamletcharacters}/members`, add)).toMatchObject({
      status: 400,
      body: { msg: 'This endpoint does not accept bot requests.' },
    });
    // At 496 the bot is past the bot check and meets the group's own permission rule.
    expect((at.as(HAMLET_BOT).post(`/user_groups/${GROUP.hamletcharacters}/members`, add).body as Record<string, unknown>)['msg']).not.toBe(
      'This endpoint does not accept bot requests.',
    );
  },
});
