// CPU time of the calling thread alone (Linux: /proc/thread-self/schedstat, nanoseconds), beside process.cpuUsage(),
// which also counts V8's background threads — optimising compilers and GC helpers warming up on a short run
// (decision 0235). Null where the file does not exist.
import { readFileSync } from 'node:fs';

export function threadCpuMs(): number | null {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return null;
  }
}
