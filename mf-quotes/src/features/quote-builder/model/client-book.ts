// Client book rules (SPEC.md §4 « Saving »): clients with the same email are merged; a quote saved into a
// client's list replaces the one with the same id, otherwise it is appended.
import type { Client, Quote } from '@atelier/domain';

import type { DraftClient } from './quote-draft';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** An address a mail client can send to (« pas-un-email » is not): the mail link is enabled only then. */
export function isValidEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

function mergeContact(existing: Client, incoming: DraftClient): Client {
  const pick = (next: string, prev: string) => (next.trim() ? next.trim() : prev);
  return {
    ...existing,
    name: pick(incoming.name, existing.name),
    email: existing.email,
    phone: pick(incoming.phone, existing.phone),
    address: pick(incoming.address, existing.address),
  };
}

/** Adds the client, or merges it into the one with the same email (non-empty fields win). */
export function upsertClient(clients: readonly Client[], incoming: DraftClient): Client[] {
  const index = clients.findIndex((c) => sameEmail(c.email, incoming.email));
  if (index === -1) {
    return [
      ...clients,
      {
        name: incoming.name.trim(),
        email: incoming.email.trim(),
        phone: incoming.phone.trim(),
        address: incoming.address.trim(),
        quotes: [],
        invoices: [],
      },
    ];
  }
  return clients.map((c, i) => (i === index ? mergeContact(c, incoming) : c));
}

/** Saves the quote into the client's list (client created or merged by email first). */
export function saveQuoteToClient(clients: readonly Client[], client: DraftClient, quote: Quote): Client[] {
  const withClient = upsertClient(clients, client);
  return withClient.map((c) => {
    if (!sameEmail(c.email, client.email)) return c;
    const at = c.quotes.findIndex((q) => q.id === quote.id);
    const quotes = at === -1 ? [...c.quotes, quote] : c.quotes.map((q, i) => (i === at ? quote : q));
    return { ...c, quotes };
  });
}
