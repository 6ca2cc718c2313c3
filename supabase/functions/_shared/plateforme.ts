// Sending e-invoices through a plateforme agréée (PA, the French e-invoicing reform: issue 28 item 8). One adapter
// interface; the one implementation speaks a small JSON-over-HTTPS protocol to PA_API_URL with PA_API_KEY (a real
// PA's API plugs in here by a new adapter chosen by PA_ADAPTER, without touching the apps). The local backend's
// fake PA (backend/src/pa-sandbox) speaks the same protocol and records what it receives.

export interface PlateformeInvoice {
  number: string;
  /** BT-3 (380, 381, 386). */
  typeCode: string;
  issueDate: string;
  sellerSiren: string | null;
  buyerSiren: string | null;
  /** The archived Factur-X PDF (its factur-x.xml is the e-invoice). */
  pdf: Uint8Array;
}

export interface PlateformeReceipt {
  /** The PA's id of the transmission. */
  id: string;
  status: string;
}

export interface Plateforme {
  readonly name: string;
  send(invoice: PlateformeInvoice): Promise<PlateformeReceipt>;
}

/** A PA answer the artisan must see (French), with the HTTP status to give back. */
export class PlateformeError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function toBase64(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

class HttpPlateforme implements Plateforme {
  readonly name = 'http';
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
  ) {}

  async send(invoice: PlateformeInvoice): Promise<PlateformeReceipt> {
    const res = await fetch(`${this.baseUrl.replace(/\/+$/, '')}/invoices`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${this.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        number: invoice.number,
        type_code: invoice.typeCode,
        issue_date: invoice.issueDate,
        seller_siren: invoice.sellerSiren,
        buyer_siren: invoice.buyerSiren,
        format: 'factur-x',
        document: toBase64(invoice.pdf),
      }),
    });
    const body = (await res.json().catch(() => ({}))) as { id?: string; status?: string; error?: string };
    if (res.status === 409) throw new PlateformeError(409, 'Cette facture a déjà été transmise à la plateforme.');
    if (res.status === 422) throw new PlateformeError(422, body.error ?? 'La plateforme a refusé la facture.');
    if (!res.ok || !body.id) throw new PlateformeError(502, 'La plateforme agréée ne répond pas. Réessayez plus tard.');
    return { id: body.id, status: body.status ?? 'deposee' };
  }
}

/** The configured PA (PA_ADAPTER=http with PA_API_URL and PA_API_KEY), or null when none is. */
export function plateformeFromEnv(
  get: (name: string) => string | undefined = (n) => Deno.env.get(n),
): Plateforme | null {
  const adapter = get('PA_ADAPTER') ?? (get('PA_API_URL') ? 'http' : '');
  if (adapter !== 'http') return null;
  const url = get('PA_API_URL');
  const key = get('PA_API_KEY');
  return url && key ? new HttpPlateforme(url, key) : null;
}
