// Where a page's time goes during a bench step (CLIENT_BOOK_PROFILE=<file prefix>): a V8 CPU profile of the page
// (<prefix>.cpuprofile, opens in Chromium DevTools) and a Chromium trace (<prefix>.trace.json), summarised on
// stderr: the renderer main thread's time by trace event (script, style, layout, paint, GC) and the functions
// with the most self time (minified names: the chunk, line and column say which source).
import { writeFileSync } from 'node:fs';
import path from 'node:path';

import type { Page } from 'playwright-core';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  tid: number;
  pid: number;
  args?: { name?: string };
}

const log = (message: string) => process.stderr.write(`[profile] ${message}\n`);
const ms = (us: number) => (us / 1000).toFixed(1);

export async function startProfile(page: Page): Promise<{ stop(prefix: string): Promise<void> }> {
  const browser = page.context().browser()!;
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink.user_timing'],
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return {
    async stop(prefix: string) {
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
        profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
      };
      const trace = await browser.stopTracing();
      writeFileSync(`${prefix}.cpuprofile`, JSON.stringify(profile));
      writeFileSync(`${prefix}.trace.json`, trace);
      summariseProfile(profile);
      summariseTrace(JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] });
    },
  };
}

function summariseProfile(profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const where = frame.url ? `${path.basename(frame.url)}:${frame.lineNumber + 1}:${frame.columnNumber + 1}` : '';
    const key = `${frame.functionName || '(anonymous)'} ${where}`.trim();
    const dt = profile.timeDeltas[i] ?? 0;
    total += dt;
    self.set(key, (self.get(key) ?? 0) + dt);
  });
  log(`CPU profile: ${ms(total)} ms sampled; most self time:`);
  for (const [key, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30)) log(`  ${ms(us).padStart(8)} ms  ${key}`);
}

function summariseTrace(trace: { traceEvents: TraceEvent[] }): void {
  const main = trace.traceEvents.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) return;
  const totals = new Map<string, number>();
  for (const e of trace.traceEvents) {
    if (e.pid !== main.pid || e.tid !== main.tid || e.ph !== 'X' || !e.dur) continue;
    totals.set(e.name, (totals.get(e.name) ?? 0) + e.dur);
  }
  log('renderer main thread, by trace event (nested events counted in each):');
  for (const [name, us] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, 20))
    log(`  ${ms(us).padStart(8)} ms  ${name}`);
}
