// EN 16931 e-invoices (Factur-X CII, UBL): the model, the writers and the reader. Pure TypeScript with explicit
// `.ts` imports, so the Deno Edge Functions load the same files.
export * from './model.ts';
export * from './messages.ts';
export * from './units.ts';
export * from './check.ts';
export { escapeXml } from './format.ts';
export { buildCiiXml, EN16931_GUIDELINE } from './cii.ts';
