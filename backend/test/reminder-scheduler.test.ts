// The local scheduler of reminders (issue 26): calls send-reminders with the service role on its interval, never
// overlaps a slow run with the next tick, and stops cleanly (waiting for the run in progress).
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

import { startReminderScheduler } from '../src/reminders/scheduler.ts';

it('calls the function with the service role, one run at a time, until stopped', async () => {
  const seen: IncomingMessage[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const server = createServer((req, res) => {
    seen.push(req);
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    setTimeout(() => {
      inFlight -= 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"sent":0,"failed":0,"considered":0}');
    }, 1500); // slower than the interval
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const logs: string[] = [];
  const scheduler = startReminderScheduler({
    intervalSeconds: 0.4,
    firstRunSeconds: 0,
    url: `http://127.0.0.1:${port}/functions/v1/send-reminders`,
    serviceRoleKey: 'service-key',
    log: (line) => logs.push(line),
  });
  await new Promise((resolve) => setTimeout(resolve, 3500));
  await scheduler.stop();
  const count = seen.length;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  server.close();
  expect(count).toBeGreaterThanOrEqual(2);
  expect(seen.length).toBe(count); // nothing after stop()
  expect(maxInFlight).toBe(1);
  expect(seen[0]!.method).toBe('POST');
  expect(seen[0]!.headers.authorization).toBe('Bearer service-key');
  expect(seen[0]!.headers.apikey).toBe('service-key');
  expect(logs).toEqual([]);
});

it('is off with an interval of 0', async () => {
  const scheduler = startReminderScheduler({
    intervalSeconds: 0,
    url: 'http://127.0.0.1:1/',
    serviceRoleKey: 'k',
    log: () => undefined,
  });
  await scheduler.stop();
});
