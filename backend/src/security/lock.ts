// A real lock on a data directory: a listening Unix socket held by the owning process. The kernel releases it
// the instant the process dies (kill -9 included), so a restart right after a crash starts at once, and no
// unrelated live process can "hold" it the way a recycled PID in a PID file could.
// On Linux the socket lives in the abstract namespace (nothing on disk); elsewhere it is a socket file next to
// the directory, replaced when nobody answers on it (stale after a crash).
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import path from 'node:path';

export class DataDirLockedError extends Error {}

function socketAddress(dataDir: string): { address: string; file?: string } {
  const resolved = path.resolve(dataDir);
  if (process.platform === 'linux') {
    const hash = createHash('sha256').update(resolved).digest('hex').slice(0, 32);
    return { address: `\0atelier-lock-${hash}` };
  }
  const file = `${resolved}.lock.sock`;
  return { address: file, file };
}

function listen(server: Server, address: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(address, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function answers(address: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(address);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Takes the lock of `dataDir` or throws DataDirLockedError; returns its release function. */
export async function lockDirectory(dataDir: string): Promise<() => Promise<void>> {
  const { address, file } = socketAddress(dataDir);
  const server = createServer((socket) => socket.destroy());
  try {
    await listen(server, address);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    if (!file || (await answers(address))) {
      throw new DataDirLockedError(
        `The data directory ${dataDir} is in use by another running backend; stop it or set ATELIER_DATA_DIR`,
      );
    }
    rmSync(file, { force: true }); // left behind by a crashed owner
    await listen(server, address);
  }
  server.unref();
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
    });
}
