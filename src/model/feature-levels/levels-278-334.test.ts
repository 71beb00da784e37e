import { IAGO } from '../../testing/default-realm.js';
import { describeLevelChanges, registerKeysProbe } from '../../testing/feature-level-probes.js';
import { LEVELS_278_334 } from './levels-278-334.js';

describeLevelChanges('feature levels 278–334', LEVELS_278_334, {
  297: registerKeysProbe(IAGO, 'saved_snippets', ['saved_snippets']),
});
