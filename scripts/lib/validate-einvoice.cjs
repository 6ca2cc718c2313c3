// Offline validation of e-invoices (issue 28, reference/e-invoicing-and-btp.md §2), with the artefacts vendored in
// shared/einvoice/vendor: the Factur-X 1.07.3 EN16931 XSD (xmllint), the official EN 16931 schematron XSLT for CII
// and UBL (Saxon-HE on the JRE; any flag="fatal" fails) and pdffonts (every font of a PDF embedded).
// The Debian tools come from scripts/lib/bootstrap.mjs ensureEinvoiceTools(). Saxon runs once per syntax for a
// whole batch of files: the JVM start-up and the 700 kB stylesheet's compilation cost seconds each time.
// CLI: node scripts/lib/validate-einvoice.cjs <file.xml|file.pdf>… (exit 1 on any error).
const { spawnSync } = require('node:child_process');
const { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const VENDOR = path.resolve(__dirname, '../../shared/einvoice/vendor');
const FACTURX_XSD = path.join(VENDOR, 'facturx-1.07.3/Factur-X_1.07.3_EN16931.xsd');
const SCHEMATRON = {
  cii: path.join(VENDOR, 'en16931-1.3.16/EN16931-CII-validation.xslt'),
  ubl: path.join(VENDOR, 'en16931-1.3.16/EN16931-UBL-validation.xslt'),
};
const SAXON_JAR = process.env.SAXON_JAR || '/usr/share/java/Saxon-HE.jar';

function run(cmd, args) {
  const res = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (res.error)
    throw new Error(`${cmd} could not run (${res.error.message}): install it with scripts/lib/bootstrap.mjs`);
  return res;
}

/** CII (rsm:CrossIndustryInvoice) or UBL (Invoice / CreditNote), from the root element. */
function syntaxOf(xml) {
  const root = /<(?:([A-Za-z_][\w.-]*):)?([A-Za-z_][\w.-]*)[\s>/]/.exec(
    xml.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, ''),
  );
  if (!root) return null;
  if (root[2] === 'CrossIndustryInvoice') return 'cii';
  if (root[2] === 'Invoice' || root[2] === 'CreditNote') return 'ubl';
  return null;
}

/** The Factur-X XSD on every CII file, in one xmllint run. Returns Map<file, string[]>. */
function xsdErrors(files) {
  const errors = new Map(files.map((f) => [f, []]));
  if (files.length === 0) return errors;
  const res = run('xmllint', ['--noout', '--schema', FACTURX_XSD, ...files]);
  const lines = (res.stderr || '').split('\n');
  for (const f of files) {
    const mine = errors.get(f);
    for (const line of lines) if (line.startsWith(`${f}:`)) mine.push(`xsd: ${line.slice(f.length + 1).trim()}`);
    const verdict = lines.find((l) => l === `${f} validates` || l === `${f} fails to validate`);
    if (verdict !== `${f} validates` && mine.length === 0)
      mine.push(`xsd: ${verdict ?? `xmllint exited ${res.status}`}`);
  }
  return errors;
}

function attr(tag, name) {
  return new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1] ?? '';
}

/** Parses an SVRL report: the failed asserts and successful reports, with their flag. */
function svrlFindings(svrl) {
  const findings = [];
  const re = /<svrl:(failed-assert|successful-report)\b([^>]*)>([\s\S]*?)<\/svrl:\1>/g;
  let m;
  while ((m = re.exec(svrl))) {
    const text = /<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(m[3])?.[1]?.trim() ?? '';
    findings.push({ id: attr(m[2], 'id'), flag: attr(m[2], 'flag'), location: attr(m[2], 'location'), text });
  }
  return findings;
}

/** The EN 16931 schematron of one syntax on many files in one Saxon run. Returns Map<file, findings[]>. */
function schematron(syntax, files) {
  const out = new Map(files.map((f) => [f, []]));
  if (files.length === 0) return out;
  if (!existsSync(SAXON_JAR)) throw new Error(`Saxon-HE not found at ${SAXON_JAR} (Debian libsaxonhe-java)`);
  const work = mkdtempSync(path.join(os.tmpdir(), 'einvoice-sch-'));
  try {
    const inDir = path.join(work, 'in');
    const outDir = path.join(work, 'out');
    mkdirSync(inDir);
    mkdirSync(outDir);
    files.forEach((f, i) => copyFileSync(f, path.join(inDir, `${i}.xml`)));
    const res = run('java', [
      '-cp',
      SAXON_JAR,
      'net.sf.saxon.Transform',
      `-s:${inDir}`,
      `-xsl:${SCHEMATRON[syntax]}`,
      `-o:${outDir}`,
    ]);
    files.forEach((f, i) => {
      const report = path.join(outDir, `${i}.xml`);
      if (!existsSync(report)) {
        out.get(f).push({ id: 'saxon', flag: 'fatal', location: '', text: (res.stderr || '').trim().slice(0, 2000) });
        return;
      }
      out.get(f).push(...svrlFindings(readFileSync(report, 'utf8')));
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return out;
}

/** pdffonts' table: every font with its `emb` column. */
function pdfFonts(file) {
  const res = run('pdffonts', [file]);
  if (res.status !== 0) return { fonts: [], error: `pdffonts: ${(res.stderr || '').trim()}` };
  const lines = res.stdout.split('\n');
  const header = lines[0] ?? '';
  const embAt = header.indexOf(' emb ') + 1;
  const fonts = lines
    .slice(2)
    .filter((l) => l.trim())
    .map((l) => ({ name: l.slice(0, l.indexOf(' ')), embedded: l.slice(embAt, embAt + 3).trim() === 'yes' }));
  return { fonts, error: null };
}

/**
 * Validates XML files (CII: Factur-X XSD + CII schematron; UBL: UBL schematron) and PDFs (fonts embedded).
 * Returns one result per file: { file, syntax, errors: string[], warnings: string[] }.
 */
function validateEInvoices(files) {
  const results = new Map();
  const bySyntax = { cii: [], ubl: [] };
  for (const file of files) {
    const result = { file, syntax: null, errors: [], warnings: [] };
    results.set(file, result);
    if (file.toLowerCase().endsWith('.pdf')) {
      result.syntax = 'pdf';
      const { fonts, error } = pdfFonts(file);
      if (error) result.errors.push(error);
      if (!error && fonts.length === 0) result.warnings.push('pdffonts: no font in this PDF');
      for (const font of fonts) if (!font.embedded) result.errors.push(`pdffonts: font ${font.name} is not embedded`);
      continue;
    }
    const syntax = syntaxOf(readFileSync(file, 'utf8'));
    result.syntax = syntax;
    if (!syntax) result.errors.push('not a CII or UBL invoice (unknown root element)');
    else bySyntax[syntax].push(file);
  }
  for (const [file, errors] of xsdErrors(bySyntax.cii)) results.get(file).errors.push(...errors);
  for (const syntax of ['cii', 'ubl']) {
    for (const [file, findings] of schematron(syntax, bySyntax[syntax])) {
      for (const f of findings) {
        const line = `schematron ${f.id} (${f.flag}): ${f.text}${f.location ? ` at ${f.location}` : ''}`;
        (f.flag === 'fatal' ? results.get(file).errors : results.get(file).warnings).push(line);
      }
    }
  }
  return [...results.values()];
}

module.exports = { validateEInvoices, svrlFindings, syntaxOf, FACTURX_XSD, SCHEMATRON };

if (require.main === module) {
  const files = process.argv.slice(2).map((f) => path.resolve(f));
  if (files.length === 0) {
    process.stderr.write('usage: node scripts/lib/validate-einvoice.cjs <file.xml|file.pdf>…\n');
    process.exit(2);
  }
  let failed = 0;
  for (const r of validateEInvoices(files)) {
    const ok = r.errors.length === 0;
    if (!ok) failed += 1;
    process.stdout.write(`${ok ? 'ok  ' : 'FAIL'} ${path.relative(process.cwd(), r.file)} (${r.syntax ?? '?'})\n`);
    for (const e of r.errors) process.stdout.write(`     ✗ ${e}\n`);
    for (const w of r.warnings) process.stdout.write(`     ! ${w}\n`);
  }
  process.exit(failed ? 1 : 0);
}
