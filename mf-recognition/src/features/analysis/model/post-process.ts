// The one post-processing both providers go through (SPEC.md §5): catalogue matching, quantity rules, client
// field normalisation, project title. Input is whatever a provider produced, read defensively.
import type { ExtractedClient, ExtractionResult, Task } from '@atelier/domain';
import { normaliseAddress } from './address';
import { matchTaskName } from './catalogue-match';
import { normaliseEmail } from './email';
import { normaliseName } from './name';
import { normalisePhone } from './phone';
import { normaliseQuantity, type Flow } from './quantity';
import { defaultProjectTitle, normaliseProjectTitle } from './title';

export type RawExtraction = {
  projectTitle?: unknown;
  tasks?: unknown;
  client?: unknown;
};

export function postProcess(
  raw: RawExtraction | null | undefined,
  catalogue: readonly Task[],
  flow: Flow,
): ExtractionResult {
  const tasks = matchTasks(Array.isArray(raw?.tasks) ? raw.tasks : [], catalogue, flow);
  const title = normaliseProjectTitle(asString(raw?.projectTitle)) ?? defaultProjectTitle(tasks.map((t) => t.name));
  const client = normaliseClient(raw?.client);
  return { projectTitle: title, tasks, client };
}

type Line = ExtractionResult['tasks'][number];

function matchTasks(items: unknown[], catalogue: readonly Task[], flow: Flow): Line[] {
  const lines: Line[] = [];
  for (const item of items) {
    const record = typeof item === 'string' ? { name: item } : (item as Record<string, unknown> | null);
    if (!record || typeof record !== 'object') continue;
    const name = asString(record.name ?? record.task ?? record.description ?? record.label);
    if (!name) continue;
    const task = matchTaskName(name, catalogue, asString(record.unit));
    if (!task) continue;
    const quantity = normaliseQuantity(record.quantity ?? record.qty ?? record.quantite, flow, task.unit);
    const existing = lines.find((line) => line.name === task.name);
    // The same task said twice (two rooms): one line, quantities added, as the quote does.
    if (existing) existing.quantity = Math.round((existing.quantity + quantity) * 100) / 100;
    else lines.push({ name: task.name, quantity, unit: task.unit });
  }
  return lines;
}

export function normaliseClient(raw: unknown): ExtractedClient {
  const record = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const client: ExtractedClient = {};
  const name = normaliseName(asString(record.name ?? record.nom));
  const phone = normalisePhone(asString(record.phone ?? record.telephone ?? record.tel));
  const email = normaliseEmail(asString(record.email ?? record.mail));
  const address = normaliseAddress(asString(record.address ?? record.adresse));
  if (name) client.name = name;
  if (phone) client.phone = phone;
  if (email) client.email = email;
  if (address) client.address = address;
  const company = asString(record.company ?? record.societe ?? record.entreprise)
    ?.replace(/\s+/g, ' ')
    .trim();
  if (company) client.company = company;
  return client;
}

function asString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}
