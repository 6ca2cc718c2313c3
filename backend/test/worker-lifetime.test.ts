// On kill -9 of the backend, its Deno function workers end with it (their stdin, a pipe from the backend, reaches
// its end), and a backend started again on the same port answers functions at once (issue 32).
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startProcess(port: number): Promise<{ child: ChildProcess; anonKey: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'backend/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      ATELIER_DATA_DIR: 'memory://',
      JWT_SECRET: 'worker-lifetime-test-secret-0123456789abcdef',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const anonKey = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`backend did not start: ${out}`)), 90_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /SUPABASE_ANON_KEY=(\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`backend exited (${code}): ${out}`)));
  });
  return { child, anonKey };
}

const callFunction = (port: number, anonKey: string) =>
  fetch(`http://127.0.0.1:${port}/functions/v1/webhook-test`, {
    headers: { apikey: anonKey, authorization: `Bearer ${anonKey}` },
  });

/** The child processes of pid, from /proc (Linux, as CI; no `ps` needed). */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …: comm may hold spaces, the last ')' ends it.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

it('kill -9 of the backend ends its function workers; a restart on the same port serves functions', async () => {
  const port = await freePort();
  const first = await startProcess(port);
  let workers: number[];
  try {
    expect((await callFunction(port, first.anonKey)).status).toBe(200);
    workers = childrenOf(first.child.pid!);
    expect(workers.length).toBeGreaterThan(0);
  } finally {
    first.child.kill('SIGKILL');
  }
  const deadline = Date.now() + 10_000;
  while (workers.some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  expect(workers.filter(alive)).toEqual([]);

  const second = await startProcess(port);
  try {
    expect((await callFunction(port, second.anonKey)).status).toBe(200);
  } finally {
    second.child.kill('SIGKILL');
    for (const pid of childrenOf(second.child.pid!)) if (alive(pid)) process.kill(pid, 'SIGKILL');
  }
}, 240_000);
