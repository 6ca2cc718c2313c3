/**
 * Tidies raw tesseract output before it reaches the extractor: unified line endings, no trailing blanks,
 * no runs of empty lines. Words and their order are left alone (the extractor accepts OCR look-alikes).
 */
export function cleanOcrText(raw: string): string {
  return raw
    .replace(/\r\n?/g, '\n')
    .replace(/[\u00a0\u202f]/g, ' ')
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
