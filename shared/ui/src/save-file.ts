/**
 * Hands a file to the browser as a download (a temporary object URL on a hidden link, revoked a minute later so
 * that a slow « Enregistrer sous » still finds it).
 */
export function saveFile(fileName: string, content: Blob): void {
  const url = URL.createObjectURL(content);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
