/**
 * OCR often sets a space after a dot inside an email ("julie. bernard@gmail.com", "x@gmail. com"): an email
 * never has one, so it is removed around an @ only.
 */
export function repairEmails(line: string): string {
  return line
    .replace(/\b([\w-]+)\. (?=[\w.-]+@)/g, '$1.')
    .replace(/(@[\w-]+(?:\.[\w-]+)*)\. ([a-z]{2,6})\b/gi, '$1.$2')
    .replace(/(\w) ?@ ?(?=[\w-]+\.[a-z]{2,6}\b)/gi, '$1@');
}

/**
 * Tidies raw tesseract output before it reaches the extractor: unified line endings, no trailing blanks,
 * no runs of empty lines. Words and their order are left alone (the extractor accepts OCR look-alikes).
 */
export function cleanOcrText(raw: string): string {
  return raw
    .replace(/\r\n?/g, '\n')
    .replace(/[\u00a0\u202f]/g, ' ')
    .split('\n')
    .map((line) => repairEmails(line.replace(/[ \t]+/g, ' ').trim()))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
