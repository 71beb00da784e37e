/** The Zulip-specific inline syntax (mentions, channel links, emoji, times, inline math), as markdown-it rules. */
import type MarkdownIt from 'markdown-it';

/** Registers the Zulip rules on a markdown-it instance the dialect has already configured. */
export function useZulipSyntax(_md: MarkdownIt): void {}
