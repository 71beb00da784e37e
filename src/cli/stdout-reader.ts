/**
 * `chatref serve | head -1`: once the reader of stdout has gone, the server
 * ends instead of running on unseen. A pipe tells its writer only when it
 * writes, so when stdout is a shell pipe chatref writes a newline after the
 * credentials line a few times in its first seconds (a reader of the first
 * line does not see them as part of it); a write that fails with EPIPE, then
 * or later, stops the server.
 */
import { fstatSync } from 'node:fs';

const PROBES_MS = [100, 500, 2000];

export function stopWhenStdoutReaderLeaves(stop: () => void): void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') stop();
  });
  let isFifo = false;
  try {
    isFifo = fstatSync(1).isFIFO();
  } catch {
    return;
  }
  if (!isFifo) return;
  for (const delay of PROBES_MS) {
    setTimeout(() => {
      if (process.stdout.writable) process.stdout.write('\n');
    }, delay).unref();
  }
}
