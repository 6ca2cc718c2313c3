// Stripe's request encoding (application/x-www-form-urlencoded with bracket keys, stripe-node src/utils.ts):
// `line_items[0][price]=p&metadata[userId]=u` → { line_items: [{ price: 'p' }], metadata: { userId: 'u' } }.
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

export function parseStripeForm(body: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: Record<string, FormValue> = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        node[part] = value;
      } else {
        node[part] ??= {};
        node = node[part] as Record<string, FormValue>;
      }
    });
  }
  return arrays(root) as Record<string, FormValue>;
}

/** Objects whose keys are 0..n-1 become arrays. */
function arrays(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const mapped = Object.fromEntries(keys.map((key) => [key, arrays(value[key]!)]));
  if (keys.length > 0 && keys.every((key, index) => key === String(index))) return keys.map((key) => mapped[key]!);
  return mapped;
}
