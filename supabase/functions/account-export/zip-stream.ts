// A ZIP written as a stream (fflate's Zip): each file is compressed and handed to the HTTP response as it is
// added, and `add` waits while the client is slower than the export, so at most one file and the stream's small
// buffer are in memory, whatever the size of the account.
import { Zip, ZipDeflate, ZipPassThrough } from 'npm:fflate@0.8.3';

export interface ZipStream {
  /** The response body. */
  readable: ReadableStream<Uint8Array>;
  /** Adds one file (PDFs are stored as they are: already compressed), resolving when the reader caught up. */
  add(name: string, data: Uint8Array, options?: { store?: boolean }): Promise<void>;
  /** Writes the central directory and ends the stream. */
  end(): Promise<void>;
  /** Ends the stream with an error (the download fails instead of giving a truncated archive). */
  fail(error: unknown): void;
}

export function zipStream(): ZipStream {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>(
    undefined,
    { highWaterMark: 4 },
    { highWaterMark: 4 },
  );
  const writer = writable.getWriter();
  let failed = false;
  let finished: () => void = () => {};
  const done = new Promise<void>((resolve) => (finished = resolve));
  const zip = new Zip((error, chunk, final) => {
    if (failed) return;
    if (error) {
      failed = true;
      void writer.abort(error).catch(() => {});
      finished();
      return;
    }
    writer.write(chunk).catch(() => {
      failed = true; // the client went away
    });
    if (final) {
      void writer.close().catch(() => {});
      finished();
    }
  });
  const used = new Set<string>();

  /** Names are unique in the archive: a second « x.pdf » becomes « x (2).pdf ». */
  function unique(name: string): string {
    let candidate = name;
    for (let n = 2; used.has(candidate); n++) candidate = name.replace(/(\.[^./]+)?$/, ` (${n})$1`);
    used.add(candidate);
    return candidate;
  }

  return {
    readable,
    async add(name, data, options = {}) {
      if (failed) throw new Error('export stream closed');
      const entry = options.store ? new ZipPassThrough(unique(name)) : new ZipDeflate(unique(name), { level: 6 });
      zip.add(entry);
      entry.push(data, true);
      await writer.ready;
    },
    async end() {
      if (failed) return;
      zip.end();
      await done;
    },
    fail(error) {
      if (failed) return;
      failed = true;
      zip.terminate();
      void writer.abort(error).catch(() => {});
      finished();
    },
  };
}
