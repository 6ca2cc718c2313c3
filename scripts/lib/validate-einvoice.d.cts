export interface EInvoiceValidation {
  file: string;
  syntax: 'cii' | 'ubl' | 'pdf' | null;
  errors: string[];
  warnings: string[];
}
export interface SchematronFinding {
  id: string;
  flag: string;
  location: string;
  text: string;
}
export declare function validateEInvoices(files: string[]): EInvoiceValidation[];
export declare function svrlFindings(svrl: string): SchematronFinding[];
export declare function syntaxOf(xml: string): 'cii' | 'ubl' | null;
export declare const FACTURX_XSD: string;
export declare const SCHEMATRON: { cii: string; ubl: string };
