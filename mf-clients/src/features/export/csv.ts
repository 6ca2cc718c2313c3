// The CSV format lives in @atelier/domain (shared with the account-export function): re-exported under the names
// this feature uses.
export {
  centsToCsvEuros,
  csvDate as frenchDate,
  csvTextCell as textCell,
  parsePostgrestCsv,
  toExcelCsv,
  type CsvRecord,
} from '@atelier/domain';
