// The evidence page added to an accepted devis (issue 26 item 2): who accepted, when, from where, which exact PDF
// (its SHA-256, computed before this page was added), the certification they accepted, and their signature.
import * as pdfLib from 'npm:pdf-lib@1.17.1';

export interface Evidence {
  number: string;
  companyName: string;
  signerName: string;
  decidedAt: string;
  ip: string;
  userAgent: string;
  pdfSha256: string;
  signaturePng: string;
  certification: string | null;
  /** The options the client accepted with the devis (issue 27 item 4): names and amounts HT, already formatted. */
  options?: string[];
}

/** Helvetica (WinAnsi) cannot draw every character a signer may type: keep Latin-1 and the usual punctuation. */
function winAnsi(text: string): string {
  return text
    .replace(/[\u00a0\u202f\u2009]/g, ' ')
    .replace(/[^\x20-\x7e\u00a0-\u00ff\u2019\u2018\u201c\u201d\u2013\u2014\u2026\u20ac]/g, '?');
}

function wrap(text: string, font: pdfLib.PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

export async function addEvidencePage(original: Uint8Array, e: Evidence): Promise<Uint8Array> {
  const doc = await pdfLib.PDFDocument.load(original, { updateMetadata: false });
  const page = doc.addPage([595.28, 841.89]);
  const font = await doc.embedFont(pdfLib.StandardFonts.Helvetica);
  const bold = await doc.embedFont(pdfLib.StandardFonts.HelveticaBold);
  let y = 790;
  const left = 50;
  const width = 495;
  const draw = (text: string, size = 10, f = font) => {
    for (const line of wrap(winAnsi(text), f, size, width)) {
      page.drawText(line, { x: left, y, size, font: f });
      y -= size + 5;
    }
  };
  draw(`Acceptation électronique du devis ${e.number}`, 16, bold);
  y -= 10;
  draw(`Émetteur du devis : ${e.companyName}`);
  draw(`Accepté par : ${e.signerName}`);
  const paris = new Date(e.decidedAt).toLocaleString('fr-FR', { timeZone: 'Europe/Paris' });
  draw(`Date et heure : ${paris} (heure de Paris) — ${e.decidedAt} (UTC)`);
  draw(`Adresse IP : ${e.ip || 'inconnue'}`);
  draw(`Navigateur : ${e.userAgent.slice(0, 300) || 'inconnu'}`);
  draw(`Empreinte SHA-256 du devis accepté (pages précédentes, fichier d’origine) : ${e.pdfSha256}`);
  y -= 8;
  draw('Le signataire a saisi son nom, coché « J’accepte le devis et ses conditions » et signé ci-dessous.');
  if (e.options?.length) {
    y -= 6;
    draw('Options retenues par le signataire (ajoutées au total du devis) :', 10, bold);
    for (const option of e.options.slice(0, 40)) draw(`• ${option}`, 9);
  } else {
    draw('Options retenues : aucune.');
  }
  if (e.certification) {
    y -= 6;
    draw('Attestation acceptée (taux réduit de TVA) :', 10, bold);
    draw(e.certification, 9);
  }
  y -= 10;
  draw('Signature :', 10, bold);
  const png = await doc.embedPng(e.signaturePng.replace(/^data:image\/png;base64,/, ''));
  const scale = Math.min(300 / png.width, 120 / png.height, 1);
  const h = png.height * scale;
  page.drawImage(png, { x: left, y: y - h, width: png.width * scale, height: h });
  page.drawRectangle({
    x: left - 2,
    y: y - h - 2,
    width: png.width * scale + 4,
    height: h + 4,
    borderWidth: 0.5,
    borderColor: pdfLib.rgb(0.6, 0.6, 0.6),
  });
  return await doc.save({ useObjectStreams: false });
}
