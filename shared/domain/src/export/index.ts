// The CSV format of the exports (clients, devis, factures, avoirs): read PostgREST's CSV, write Excel's.
export { centsToCsvEuros, csvDate, csvTextCell, parsePostgrestCsv, toExcelCsv, type CsvRecord } from './csv';
export { EXPORT_MESSAGES } from './messages';
export { clientRows, documentRows, EXPORT_SELECT, type ExportTables } from './rows';
