// Node and browser binding of the Factur-X PDF tools (the Deno functions call facturXPdf with npm:pdf-lib).
import * as pdfLib from 'pdf-lib';

import { receivedFileReader } from '../receive.ts';
import { facturXPdf } from './facturx-pdf.ts';

export { FACTURX_FILE_NAME, type FacturXInspection, type FacturXMeta } from './facturx-pdf.ts';
export const { attachFacturX, extractFacturX, inspectFacturX } = facturXPdf(pdfLib);

/** Reads a supplier's Factur-X PDF, CII or UBL file (see ../receive.ts). */
export const readReceivedFile = receivedFileReader(pdfLib);
