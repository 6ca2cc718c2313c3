// Bytes in and out of the functions: a request body read with a size cap, a base64 PDF decoded, a SHA-256 digest.
// One copy for every function (facturx, send-document, public-document, send-reminders, ai).

/** Reads a request body up to `max` bytes (announced or streamed); null when larger. */
export async function readBody(req: Request, max: number): Promise<string | null> {
  const announced = Number(req.headers.get('content-length') ?? 0);
  if (announced > max) return null;
  const reader = req.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.length;
  }
  return new TextDecoder().decode(all);
}

/** A PDF sent as base64 (a `data:application/pdf;base64,` prefix allowed); null when it is not base64. */
export function base64ToBytes(b64: string): Uint8Array | null {
  try {
    const bin = atob(b64.replace(/^data:application\/pdf;base64,/, ''));
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

/** SHA-256 hex of some bytes (a copy on a plain ArrayBuffer, as deno check wants for BufferSource). */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new Uint8Array(bytes).buffer as ArrayBuffer);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
