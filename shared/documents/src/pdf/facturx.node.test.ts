// Factur-X on the real invoice PDF (jsPDF, @atelier/documents): every font embedded (pdffonts), factur-x.xml
// attached and extracted byte-identical, the PDF/A-3 structure (AF, AFRelationship, XMP pdfaid 3B + fx:*, sRGB
// output intent, trailer ID), and the extracted XML valid against the XSD and the EN 16931 schematron.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { buildCiiXml } from '@atelier/domain/src/einvoice/cii';
import { attachFacturX, extractFacturX, inspectFacturX } from '@atelier/domain/src/einvoice/pdf';
import { caseA } from '@atelier/domain/src/einvoice/testing/fixtures';

import { validateEInvoices } from '../../../../scripts/lib/validate-einvoice.cjs';
import { SAMPLE_CLIENT, SAMPLE_COMPANY, customization, sampleInvoice } from '../testing/fixtures';
import { useFontsFromDisk } from '../testing/node-fonts';
import { renderInvoicePdf } from './render';

jest.setTimeout(120_000);
beforeAll(useFontsFromDisk);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'facturx-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const META = {
  title: 'Facture F2026-0042',
  author: 'Durand Rénovation',
  subject: 'Facture',
  date: new Date('2026-11-26T10:00:00Z'),
};

describe('Factur-X PDF/A-3', () => {
  it('attaches factur-x.xml to the rendered invoice: extracted byte-identical, PDF/A-3 structure, fonts embedded, XML valid', async () => {
    const visual = await renderInvoicePdf({
      invoice: sampleInvoice(3, 'FA0007'),
      quoteNumber: 'DE0042',
      client: SAMPLE_CLIENT,
      company: SAMPLE_COMPANY,
      customization: customization(),
    });
    const xml = buildCiiXml(caseA);
    const pdf = await attachFacturX(visual.bytes, xml, META);

    expect(await extractFacturX(pdf)).toBe(xml);
    const info = await inspectFacturX(pdf);
    expect(info.attachments).toEqual([
      { name: 'factur-x.xml', subtype: 'text/xml', afRelationship: 'Alternative', inCatalogAF: true },
    ]);
    expect([info.pdfaPart, info.pdfaConformance]).toEqual(['3', 'B']);
    expect(info.fx).toEqual({
      DocumentType: 'INVOICE',
      DocumentFileName: 'factur-x.xml',
      Version: '1.0',
      ConformanceLevel: 'EN 16931',
    });
    expect(info.xmp).toContain(
      '<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>',
    );
    expect(info.outputIntents).toEqual([{ subtype: 'GTS_PDFA1', profileComponents: 3 }]);
    expect(info.hasTrailerId).toBe(true);

    const pdfFile = path.join(dir, 'facture.pdf');
    const xmlFile = path.join(dir, 'extracted.xml');
    writeFileSync(pdfFile, pdf);
    writeFileSync(xmlFile, (await extractFacturX(pdf))!);
    const [pdfResult, xmlResult] = validateEInvoices([pdfFile, xmlFile]);
    expect(pdfResult!.errors).toEqual([]);
    expect(pdfResult!.warnings).toEqual([]);
    expect(xmlResult!.errors).toEqual([]);
  });

  it('finds no e-invoice in a PDF without one', async () => {
    const visual = await renderInvoicePdf({
      invoice: sampleInvoice(1, 'FA0009'),
      quoteNumber: 'DE0042',
      client: SAMPLE_CLIENT,
      company: SAMPLE_COMPANY,
      customization: customization(),
    });
    expect(await extractFacturX(visual.bytes)).toBeNull();
  });
});
