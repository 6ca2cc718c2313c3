// A file received from a supplier (issue 28 item 8): a Factur-X / ZUGFeRD PDF (its attached XML is read), or a
// CII / UBL XML file. Returns what « Factures reçues » shows, and where the file is archived in the user's
// private storage. Refused files (French EInvoiceError) are not archived.
import { EINVOICE_MESSAGES as M, EInvoiceError } from './messages.ts';
import { MAX_EINVOICE_XML_BYTES, parseEInvoiceXml, type ReceivedInvoice } from './parse.ts';
import type { PdfLibModule } from './pdf/facturx-pdf.ts';
import { facturXPdf } from './pdf/facturx-pdf.ts';

/** A received Factur-X PDF rarely exceeds a few MB; 20 MB is the cap before anything is parsed. */
export const MAX_RECEIVED_FILE_BYTES = 20 * 1024 * 1024;

export interface ReceivedFile {
  invoice: ReceivedInvoice;
  /** The e-invoice XML (attached to the PDF, or the file itself). */
  xml: string;
  format: 'pdf' | 'xml';
}

const isPdf = (bytes: Uint8Array) => bytes.length >= 5 && new TextDecoder().decode(bytes.subarray(0, 5)) === '%PDF-';

export function receivedFileReader(lib: PdfLibModule) {
  const { extractFacturX } = facturXPdf(lib);
  return async function readReceivedFile(bytes: Uint8Array): Promise<ReceivedFile> {
    if (bytes.length === 0) throw new EInvoiceError(M.emptyFile);
    if (bytes.length > MAX_RECEIVED_FILE_BYTES) throw new EInvoiceError(M.tooLarge);
    if (isPdf(bytes)) {
      let xml: string | null;
      try {
        xml = await extractFacturX(bytes);
      } catch {
        throw new EInvoiceError(M.notPdf);
      }
      if (!xml) throw new EInvoiceError(M.noAttachment);
      return { invoice: parseEInvoiceXml(xml), xml, format: 'pdf' };
    }
    if (bytes.length > MAX_EINVOICE_XML_BYTES) throw new EInvoiceError(M.tooLarge);
    let xml: string;
    try {
      xml = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw new EInvoiceError(M.notXml);
    }
    return { invoice: parseEInvoiceXml(xml), xml, format: 'xml' };
  };
}

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'inconnu';

/**
 * Storage path of a received invoice in the private `documents` bucket: the owner's folder (RLS), then
 * `recues/<year>/<supplier SIREN or name>_<number>.<pdf|xml>`. The same invoice received twice gets the same path,
 * so the second upload (never upserted) is refused as a duplicate.
 */
export function receivedInvoicePath(userId: string, received: Pick<ReceivedFile, 'invoice' | 'format'>): string {
  const inv = received.invoice;
  const year = inv.issueDate?.slice(0, 4) ?? 'sans-date';
  const supplier = inv.supplier.siren ?? inv.supplier.vatId ?? inv.supplier.name;
  return `${userId}/recues/${year}/${slug(supplier)}_${slug(inv.number)}.${received.format}`;
}
