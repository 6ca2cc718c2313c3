// Factur-X PDF/A-3: the visual PDF (jsPDF, fonts embedded) + `factur-x.xml` attached with AFRelationship
// /Alternative, the catalog's /AF, XMP metadata (pdfaid 3B + the Factur-X extension schema), an sRGB output intent
// and a trailer /ID. Also reads the XML back out of a received PDF.
// pdf-lib is passed in (facturXPdf(lib)): Node and the browser import 'pdf-lib' (./index.ts), the Deno Edge Functions
// `npm:pdf-lib@1.17.1` — the same code either way, with no bare import Deno could not resolve.
import type * as PdfLib from 'pdf-lib';

import { escapeXml } from '../format.ts';
import { SRGB_ICC_BASE64 } from './srgb-icc.ts';

export type PdfLibModule = typeof PdfLib;

export const FACTURX_FILE_NAME = 'factur-x.xml';
/** Names other profiles' writers give the same attachment (ZUGFeRD 2.x, XRechnung in a PDF). */
const KNOWN_XML_NAMES = [FACTURX_FILE_NAME, 'zugferd-invoice.xml', 'xrechnung.xml', 'ZUGFeRD-invoice.xml'];
const FX_NS = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';

export interface FacturXMeta {
  /** dc:title and /Title: « Facture FA0042 ». */
  title: string;
  /** dc:creator and /Author: the seller's name. */
  author: string;
  /** dc:description and /Subject. */
  subject?: string;
  /** Creation and modification date of the archived file (the issue time). */
  date: Date;
  /** fx:ConformanceLevel. */
  conformanceLevel?: 'EN 16931';
}

export interface FacturXInspection {
  /** The embedded XML files by name. */
  attachments: { name: string; subtype: string | null; afRelationship: string | null; inCatalogAF: boolean }[];
  xmp: string | null;
  pdfaPart: string | null;
  pdfaConformance: string | null;
  fx: { DocumentType?: string; DocumentFileName?: string; Version?: string; ConformanceLevel?: string };
  outputIntents: { subtype: string | null; profileComponents: number | null }[];
  hasTrailerId: boolean;
}

function base64ToBytes(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

const isoDate = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

function xmpPacket(meta: FacturXMeta, producer: string): string {
  const prop = (name: string, description: string) =>
    '<rdf:li rdf:parseType="Resource">' +
    `<pdfaProperty:name>${name}</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType>` +
    `<pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>${description}</pdfaProperty:description>` +
    '</rdf:li>';
  const alt = (text: string) => `<rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(text)}</rdf:li></rdf:Alt>`;
  return (
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>\n' +
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n' +
    '<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">' +
    '<pdfaid:part>3</pdfaid:part><pdfaid:conformance>B</pdfaid:conformance></rdf:Description>\n' +
    '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:format>application/pdf</dc:format>' +
    `<dc:title>${alt(meta.title)}</dc:title>` +
    `<dc:creator><rdf:Seq><rdf:li>${escapeXml(meta.author)}</rdf:li></rdf:Seq></dc:creator>` +
    (meta.subject ? `<dc:description>${alt(meta.subject)}</dc:description>` : '') +
    '</rdf:Description>\n' +
    '<rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">' +
    `<pdf:Producer>${escapeXml(producer)}</pdf:Producer></rdf:Description>\n` +
    '<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">' +
    `<xmp:CreatorTool>${escapeXml(producer)}</xmp:CreatorTool>` +
    `<xmp:CreateDate>${isoDate(meta.date)}</xmp:CreateDate><xmp:ModifyDate>${isoDate(meta.date)}</xmp:ModifyDate>` +
    `<xmp:MetadataDate>${isoDate(meta.date)}</xmp:MetadataDate></rdf:Description>\n` +
    '<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" ' +
    'xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">' +
    '<pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource">' +
    '<pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>' +
    `<pdfaSchema:namespaceURI>${FX_NS}</pdfaSchema:namespaceURI><pdfaSchema:prefix>fx</pdfaSchema:prefix>` +
    '<pdfaSchema:property><rdf:Seq>' +
    prop('DocumentFileName', 'The name of the embedded XML document') +
    prop('DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER') +
    prop('Version', 'The actual version of the standard applying to the embedded XML document') +
    prop('ConformanceLevel', 'The conformance level of the embedded XML document') +
    '</rdf:Seq></pdfaSchema:property></rdf:li></rdf:Bag></pdfaExtension:schemas></rdf:Description>\n' +
    `<rdf:Description rdf:about="" xmlns:fx="${FX_NS}">` +
    `<fx:DocumentType>INVOICE</fx:DocumentType><fx:DocumentFileName>${FACTURX_FILE_NAME}</fx:DocumentFileName>` +
    `<fx:Version>1.0</fx:Version><fx:ConformanceLevel>${meta.conformanceLevel ?? 'EN 16931'}</fx:ConformanceLevel>` +
    '</rdf:Description>\n</rdf:RDF></x:xmpmeta>\n' +
    '<?xpacket end="w"?>'
  );
}

async function documentId(xmlBytes: Uint8Array): Promise<string> {
  // A copy typed on a plain ArrayBuffer: Deno's lib refuses a Uint8Array<ArrayBufferLike> as BufferSource.
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new Uint8Array(xmlBytes)));
  return [...digest.slice(0, 16)]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
}

export function facturXPdf(lib: PdfLibModule) {
  const {
    AFRelationship,
    PDFArray,
    PDFDict,
    PDFDocument,
    PDFHexString,
    PDFName,
    PDFRawStream,
    PDFStream,
    PDFString,
    decodePDFRawStream,
  } = lib;
  const PRODUCER = 'Atelier (pdf-lib)';

  /** The PDF with `xml` attached as factur-x.xml and the PDF/A-3 B metadata Factur-X requires. */
  async function attachFacturX(pdfBytes: Uint8Array, xml: string, meta: FacturXMeta): Promise<Uint8Array> {
    const doc = await PDFDocument.load(pdfBytes, { updateMetadata: false });
    const xmlBytes = new TextEncoder().encode(xml);
    await doc.attach(xmlBytes, FACTURX_FILE_NAME, {
      mimeType: 'text/xml',
      description: 'Factur-X EN 16931 invoice',
      creationDate: meta.date,
      modificationDate: meta.date,
      afRelationship: AFRelationship.Alternative,
    });
    doc.setTitle(meta.title, { showInWindowTitleBar: true });
    doc.setAuthor(meta.author);
    if (meta.subject) doc.setSubject(meta.subject);
    doc.setProducer(PRODUCER);
    doc.setCreator(PRODUCER);
    doc.setCreationDate(meta.date);
    doc.setModificationDate(meta.date);

    const { context, catalog } = doc;
    const metadata = context.stream(new TextEncoder().encode(xmpPacket(meta, PRODUCER)), {
      Type: 'Metadata',
      Subtype: 'XML',
    });
    catalog.set(PDFName.of('Metadata'), context.register(metadata));

    const icc = context.flateStream(base64ToBytes(SRGB_ICC_BASE64), { N: 3 });
    const outputIntent = context.obj({
      Type: 'OutputIntent',
      S: 'GTS_PDFA1',
      OutputConditionIdentifier: PDFString.of('sRGB IEC61966-2.1'),
      Info: PDFString.of('sRGB IEC61966-2.1'),
      DestOutputProfile: context.register(icc),
    });
    catalog.set(PDFName.of('OutputIntents'), context.obj([context.register(outputIntent)]));
    catalog.set(PDFName.of('MarkInfo'), context.obj({ Marked: false }));

    const id = PDFHexString.of(await documentId(xmlBytes));
    context.trailerInfo.ID = context.obj([id, id]);
    return doc.save({ useObjectStreams: false, updateFieldAppearances: false });
  }

  function embeddedFiles(doc: PdfLib.PDFDocument): { name: string; spec: PdfLib.PDFDict }[] {
    const out: { name: string; spec: PdfLib.PDFDict }[] = [];
    const names = doc.catalog.lookupMaybe(PDFName.of('Names'), PDFDict);
    const root = names?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict);
    const visit = (node: PdfLib.PDFDict, depth: number) => {
      if (depth > 16) return;
      const pairs = node.lookupMaybe(PDFName.of('Names'), PDFArray);
      for (let i = 0; pairs && i + 1 < pairs.size(); i += 2) {
        const key = pairs.lookup(i);
        const spec = pairs.lookup(i + 1);
        const name = key instanceof PDFString || key instanceof PDFHexString ? key.decodeText() : '';
        if (spec instanceof PDFDict) out.push({ name, spec });
      }
      const kids = node.lookupMaybe(PDFName.of('Kids'), PDFArray);
      for (let i = 0; kids && i < kids.size(); i++) {
        const kid = kids.lookup(i);
        if (kid instanceof PDFDict) visit(kid, depth + 1);
      }
    };
    if (root) visit(root, 0);
    return out;
  }

  function streamBytes(stream: unknown): Uint8Array | null {
    if (stream instanceof PDFRawStream) return decodePDFRawStream(stream).decode();
    if (stream instanceof PDFStream) return stream.getContents();
    return null;
  }

  function fileOf(spec: PdfLib.PDFDict): PdfLib.PDFStream | undefined {
    const ef = spec.lookupMaybe(PDFName.of('EF'), PDFDict);
    const stream = ef?.lookup(PDFName.of('F'));
    return stream instanceof PDFStream ? stream : undefined;
  }

  /** The e-invoice XML attached to a PDF (factur-x.xml or a ZUGFeRD / XRechnung name), or null when there is none. */
  async function extractFacturX(pdfBytes: Uint8Array): Promise<string | null> {
    const doc = await PDFDocument.load(pdfBytes, { updateMetadata: false, ignoreEncryption: true });
    const files = embeddedFiles(doc);
    const found = KNOWN_XML_NAMES.map((n) => files.find((f) => f.name.toLowerCase() === n.toLowerCase())).find(Boolean);
    const stream = found && fileOf(found.spec);
    const bytes = stream ? streamBytes(stream) : null;
    return bytes ? new TextDecoder('utf-8').decode(bytes) : null;
  }

  /** What a Factur-X reader and a PDF/A validator look at (tests; no conformance proof: run veraPDF per release). */
  async function inspectFacturX(pdfBytes: Uint8Array): Promise<FacturXInspection> {
    const doc = await PDFDocument.load(pdfBytes, { updateMetadata: false });
    const af = doc.catalog.lookupMaybe(PDFName.of('AF'), PDFArray);
    const afSpecs = new Set<unknown>();
    for (let i = 0; af && i < af.size(); i++) afSpecs.add(af.lookup(i));
    const attachments = embeddedFiles(doc).map(({ name, spec }) => ({
      name,
      subtype: fileOf(spec)?.dict.lookupMaybe(PDFName.of('Subtype'), PDFName)?.decodeText() ?? null,
      afRelationship: spec.lookupMaybe(PDFName.of('AFRelationship'), PDFName)?.decodeText() ?? null,
      inCatalogAF: afSpecs.has(spec),
    }));
    const metaStream = doc.catalog.lookup(PDFName.of('Metadata'));
    const metaBytes = metaStream ? streamBytes(metaStream) : null;
    const xmp = metaBytes ? new TextDecoder().decode(metaBytes) : null;
    const tag = (name: string) => (xmp ? (new RegExp(`<${name}>([^<]*)</${name}>`).exec(xmp)?.[1] ?? null) : null);
    const intents = doc.catalog.lookupMaybe(PDFName.of('OutputIntents'), PDFArray);
    const outputIntents: FacturXInspection['outputIntents'] = [];
    for (let i = 0; intents && i < intents.size(); i++) {
      const intent = intents.lookup(i);
      if (!(intent instanceof PDFDict)) continue;
      const profile = intent.lookup(PDFName.of('DestOutputProfile'));
      const n = profile instanceof PDFStream ? profile.dict.lookup(PDFName.of('N')) : undefined;
      outputIntents.push({
        subtype: intent.lookupMaybe(PDFName.of('S'), PDFName)?.decodeText() ?? null,
        profileComponents: n ? Number(n.toString()) : null,
      });
    }
    const fx: FacturXInspection['fx'] = {};
    for (const key of ['DocumentType', 'DocumentFileName', 'Version', 'ConformanceLevel'] as const) {
      const value = tag(`fx:${key}`);
      if (value !== null) fx[key] = value;
    }
    return {
      attachments,
      xmp,
      pdfaPart: tag('pdfaid:part'),
      pdfaConformance: tag('pdfaid:conformance'),
      fx,
      outputIntents,
      hasTrailerId: doc.context.trailerInfo.ID !== undefined,
    };
  }

  return { attachFacturX, extractFacturX, inspectFacturX };
}
