// The second share of the planted bugs (teeth/describe-teeth.ts).
import { describeTeeth } from './teeth/describe-teeth.js';

describeTeeth(1, 2);
