/** Bots: creating, listing, changing and deactivating them, and their API keys. */
import { endpointList } from '../../endpoint.js';
import { createBot } from './create-bot.js';
import { deactivateBot } from './deactivate-bot.js';
import { getBots } from './get-bots.js';
import { regenerateBotApiKey } from './regenerate-bot-api-key.js';
import { updateBot } from './update-bot.js';

export const BOT_ENDPOINTS = endpointList(getBots, createBot, updateBot, deactivateBot, regenerateBotApiKey);
