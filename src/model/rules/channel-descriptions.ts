/** What a channel's description may be. */

export const MAX_CHANNEL_DESCRIPTION_LENGTH = 1024;

/** Descriptions are one line: the real server turns newlines into spaces. */
export function normalizeChannelDescription(description: string): string {
  return description.replaceAll('\n', ' ');
}
