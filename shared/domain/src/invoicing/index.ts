export * from './rounding';
export * from './vat';
export * from './totals';
export * from './messages';
export * from './document-lines';
export * from './progress-billing';
export * from './identifiers';
export * from './mentions';
