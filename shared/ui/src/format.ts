// French formatters for display only (values stay cents / ISO strings everywhere else).
// Deep import: money helpers are pure, and the package index would pull zod into the /auth cold load.
export { formatEuros } from '@atelier/domain/src/money';
import { frenchDateFormat, lazy } from '@atelier/domain/src/lazy';

const dateTimeFormat = lazy(
  () =>
    new Intl.DateTimeFormat('fr-FR', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }),
);

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 05/03/2026, or '' for a missing/invalid date. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? frenchDateFormat().format(date) : '';
}

/** 05/03/2026 14:30 */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateTimeFormat().format(date).replace(',', '') : '';
}

/** French phone numbers in pairs (06 12 34 56 78); anything else is returned trimmed as typed. */
export function formatPhone(value: string | null | undefined): string {
  const raw = (value ?? '').trim();
  const digits = raw.replace(/[\s.-]/g, '');
  if (/^0\d{9}$/.test(digits)) return digits.replace(/(\d{2})(?=\d)/g, '$1 ');
  return raw;
}

/** 123 456 789 00012 */
export function formatSiret(value: string | null | undefined): string {
  const digits = (value ?? '').replace(/\s/g, '');
  return /^\d{14}$/.test(digits)
    ? `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6, 9)} ${digits.slice(9)}`
    : (value ?? '');
}
