// « Exporter (CSV) » on /clients: the texts live with the CSV format in @atelier/domain (one wording for both exports).
export { EXPORT_MESSAGES } from '@atelier/domain';
