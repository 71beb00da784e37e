import type { Check } from '../../check.js';
import { REGISTER_CHECKS } from './register.js';
import { UPDATE_REALM_CHECKS } from './update-realm.js';

export const REALM_CHECKS: readonly Check[] = [...REGISTER_CHECKS, ...UPDATE_REALM_CHECKS];
