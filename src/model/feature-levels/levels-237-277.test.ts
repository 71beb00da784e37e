import { IAGO } from '../../testing/default-realm.js';
import { describeLevelChanges, NO_CHANGE, registerKeysProbe } from '../../testing/feature-level-probes.js';
import { LEVELS_237_277 } from './levels-237-277.js';

describeLevelChanges('feature levels 237–277', LEVELS_237_277, {
  237: NO_CHANGE,
  263: registerKeysProbe(IAGO, 'presence', ['presence_last_update_id']),
  277: NO_CHANGE,
});
