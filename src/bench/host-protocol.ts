/** Messages between the benchmark and its server host child process (server-host.ts). */

/** Load goes to loopback only. */
export const BENCH_HOST = '127.0.0.1';

export const API_PREFIX = '/api/v1';

/** What the bare server answers to a request line ("METHOD /path"): the exact bytes chatref answered to the same request. */
export interface CannedReply {
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
}

export type HostCommand =
  | { readonly kind: 'start-chatref' }
  /** Replies by "METHOD /path" (the path as requested, without a query). */
  | { readonly kind: 'start-bare'; readonly replies: Readonly<Record<string, CannedReply>> }
  | { readonly kind: 'memory' }
  | { readonly kind: 'stop' };

export type HostEvent =
  | { readonly kind: 'chatref-ready'; readonly apiUrl: string }
  | { readonly kind: 'bare-ready'; readonly url: string }
  | { readonly kind: 'stopped' }
  | { readonly kind: 'memory'; readonly heapUsed: number; readonly rss: number; readonly waiting: number }
  | { readonly kind: 'failed'; readonly message: string };
