/**
 * The top-level domains a bare domain may end in (server-markdown §2.8): the IANA list, in the ASCII (punycode) form
 * the Python `tlds` package has, without five common file extensions.
 */
import { domainToASCII } from 'node:url';

import tlds from 'tlds' with { type: 'json' };

const FILE_EXTENSIONS = new Set(['java', 'md', 'mov', 'py', 'zip']);

export const TLDS: ReadonlySet<string> = new Set(
  tlds.map((tld) => (/^[a-z0-9-]+$/.test(tld) ? tld : domainToASCII(tld))).filter((tld) => tld !== '' && !FILE_EXTENSIONS.has(tld)),
);

/** The distinct TLD lengths, longest first (the real regex tries longer TLDs first). */
export const TLD_LENGTHS: readonly number[] = [...new Set([...TLDS].map((tld) => tld.length))].sort((a, b) => b - a);
