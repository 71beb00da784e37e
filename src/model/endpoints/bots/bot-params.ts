/** Wire forms shared by the bot endpoints. */
import { z } from 'zod';
import { json, VAR } from '../../params/wire.js';

const URL_SCHEMES = new Set(['http:', 'https:', 'ftp:', 'ftps:']);

/** Django's URLValidator, closely enough: an absolute http(s)/ftp(s) URL with a host. */
function isUrl(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  return URL_SCHEMES.has(url.protocol) && url.hostname !== '';
}

/** A JSON-encoded URL (the real server's json_validator=check_url). */
export const urlParam = json(z.string().refine(isUrl, { message: `${VAR} is not a URL` }));

/** A JSON object of strings (config_data). */
export const configDataParam = json(z.record(z.string(), z.string()));
