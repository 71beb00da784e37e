/** Every check of the suite against the in-process reference model: all must pass. */
import { registerConformanceTests } from './vitest.js';

registerConformanceTests({ target: 'model', seed: 20_240_601, name: 'conformance suite on the in-process model' });
