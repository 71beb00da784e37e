// The first share of the planted bugs (teeth/describe-teeth.ts), with the inventory and the correct model.
import { describeTeeth } from './teeth/describe-teeth.js';

describeTeeth(0, 2);
