/** Parameters scheduled messages share: the recipient types, and `to` as one id or a list of ids (JSON). */
import { z } from 'zod';
import { json } from '../../params/wire.js';

export const recipientType = z.enum(['direct', 'private', 'stream', 'channel']);
export const scheduledTo = json(z.union([z.int(), z.array(z.int())]));
