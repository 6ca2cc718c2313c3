// The rows of the two exported files: one format in @atelier/domain, shared with the account-export function.
export { clientRows, documentRows, EXPORT_SELECT, type ExportTables } from '@atelier/domain';
