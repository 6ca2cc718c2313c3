// The business view's header (issue 29.10): the whole book's figures, the filters « En retard », « À encaisser »,
// « Devis en attente » (toggle buttons, combinable) and the sort (date or amount to collect).
import type { ReceivableFigures } from '@atelier/domain';
import { Field, Select } from '@atelier/ui';

import { CLIENTS_MESSAGES as M } from '../../messages';

import { BUSINESS_FILTERS, type BusinessFilter, type BusinessSort } from './business';
import { ClientFigures } from './client-figures';

const FILTER_TEXT: Record<BusinessFilter, string> = {
  overdue: M.filterOverdue,
  unpaid: M.filterUnpaid,
  pendingQuotes: M.filterPendingQuotes,
};

export interface BusinessBarProps {
  total: ReceivableFigures;
  filters: ReadonlySet<BusinessFilter>;
  onToggle: (filter: BusinessFilter) => void;
  sort: BusinessSort;
  onSort: (sort: BusinessSort) => void;
}

export function BusinessBar({ total, filters, onToggle, sort, onSort }: BusinessBarProps) {
  return (
    <section aria-labelledby="business-totals" style={{ marginBottom: 16 }}>
      <h2 id="business-totals" style={{ fontSize: '1.1rem', margin: '0 0 0.5rem' }}>
        {M.totalsTitle}
      </h2>
      <ClientFigures figures={total} label={M.totalsTitle} />
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'end', marginTop: 12 }}>
        <div role="group" aria-label={M.filters} style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
          {BUSINESS_FILTERS.map((filter) => {
            const on = filters.has(filter);
            return (
              <button
                key={filter}
                type="button"
                aria-pressed={on}
                onClick={() => onToggle(filter)}
                style={{
                  minHeight: 44,
                  padding: '0.4rem 0.9rem',
                  borderRadius: 999,
                  border: `1px solid ${filter === 'overdue' ? '#c53030' : '#2b6cb0'}`,
                  background: on ? (filter === 'overdue' ? '#c53030' : '#2b6cb0') : '#fff',
                  color: on ? '#fff' : filter === 'overdue' ? '#c53030' : '#2b6cb0',
                  fontWeight: 600,
                  cursor: 'pointer',
                }}
              >
                {FILTER_TEXT[filter]}
              </button>
            );
          })}
        </div>
        <Field label={M.sortBy} htmlFor="client-sort">
          <Select id="client-sort" value={sort} onChange={(event) => onSort(event.target.value as BusinessSort)}>
            <option value="date">{M.sortDate}</option>
            <option value="amount">{M.sortAmount}</option>
          </Select>
        </Field>
      </div>
    </section>
  );
}
