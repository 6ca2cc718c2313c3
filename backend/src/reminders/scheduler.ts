// The local stand-in for a scheduled job (issue 26 item 3): calls the send-reminders Edge Function every
// `intervalSeconds` with the service role, as pg_cron + pg_net (or a scheduled function) does on hosted Supabase.
// Nothing is kept in memory: which reminder was sent lives in invoice_reminders (one row per invoice and step,
// claimed in the same transaction as its send record), so a restart, two processes or an overlapping run never
// send one twice.
export interface ReminderScheduler {
  stop(): Promise<void>;
}

export function startReminderScheduler(options: {
  intervalSeconds: number;
  url: string;
  serviceRoleKey: string;
  log: (line: string) => void;
  firstRunSeconds?: number;
}): ReminderScheduler {
  if (!options.intervalSeconds || options.intervalSeconds <= 0) return { stop: async () => undefined };
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = () => {
    if (running || stopped) return; // a slow run is never overlapped by the next tick
    running = (async () => {
      try {
        const res = await fetch(options.url, {
          method: 'POST',
          headers: {
            apikey: options.serviceRoleKey,
            authorization: `Bearer ${options.serviceRoleKey}`,
            'content-type': 'application/json',
          },
          body: '{}',
        });
        const text = await res.text();
        if (!res.ok) options.log(`[reminders] run failed: ${res.status} ${text.slice(0, 200)}`);
        else if (!/"sent":0\b/.test(text)) options.log(`[reminders] ${text.slice(0, 200)}`);
      } catch (error) {
        options.log(`[reminders] run failed: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        running = null;
      }
    })();
  };
  const first = setTimeout(run, (options.firstRunSeconds ?? 60) * 1000);
  const timer = setInterval(run, options.intervalSeconds * 1000);
  first.unref();
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
