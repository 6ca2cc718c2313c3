// « Importer (CSV ou XLSX) »: choose a file → map its columns (guessed from the headers) → see the preview and every
// bad row → import all the good rows knowingly, or nothing. Loaded on demand by the /tasks page (papaparse here,
// SheetJS only for an XLSX file).
import type { Task } from '@atelier/domain';
import { Banner, Button, Field, Modal, Select } from '@atelier/ui';
import { useMemo, useState } from 'react';
import styled from 'styled-components';

import { IMPORT_MESSAGES as I } from '../messages';
import { readCatalogueFile } from '../model/catalogue-file';
import {
  IMPORT_FIELDS,
  REQUIRED_FIELDS,
  guessMapping,
  mappingError,
  planImport,
  type ColumnMapping,
  type ImportTable,
} from '../model/catalogue-import';
import { formatTaskPrice } from '../model/task-form';

const PREVIEW_ROWS = 5;
const ERRORS_SHOWN = 50;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.font.size.sm};
  th,
  td {
    text-align: left;
    padding: 4px 6px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Scroll = styled.div`
  overflow-x: auto;
  margin-bottom: 1rem;
`;

const Errors = styled.ul`
  max-height: 10rem;
  overflow-y: auto;
  margin: 0 0 1rem;
  padding-left: 1.25rem;
  color: ${({ theme }) => theme.colors.danger};
`;

export type ImportOutcome = { ok: true; added: number; updated: number } | { ok: false; message: string };

interface CatalogueImportDialogProps {
  open: boolean;
  onClose(): void;
  /** Stores the good rows in one write; refused as a whole with a French message. */
  onImport(items: Task[]): ImportOutcome;
}

/** The file's bytes (FileReader: also where Blob.arrayBuffer is missing). */
function fileBytes(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(file);
  });
}

const nf = (n: number) => n.toLocaleString('fr-FR').replace(/\s/g, ' ');

export default function CatalogueImportDialog({ open, onClose, onImport }: CatalogueImportDialogProps) {
  const [table, setTable] = useState<ImportTable | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [reading, setReading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const mappingRefusal = table && mapping ? mappingError(mapping, table.headers) : null;
  const plan = useMemo(
    () => (table && mapping && !mappingError(mapping, table.headers) ? planImport(table, mapping) : null),
    [table, mapping],
  );

  function reset() {
    setTable(null);
    setMapping(null);
    setError(null);
    setDone(null);
  }

  function close() {
    reset();
    onClose();
  }

  async function choose(file: File | undefined) {
    if (!file) return;
    setError(null);
    setDone(null);
    setReading(true);
    try {
      const result = await readCatalogueFile({
        name: file.name,
        size: file.size,
        bytes: () => fileBytes(file),
      });
      if (!result.ok) {
        setError(result.message);
        return;
      }
      setTable(result.table);
      setMapping(guessMapping(result.table.headers));
    } catch {
      setError(I.unreadableFile);
    } finally {
      setReading(false);
    }
  }

  function runImport() {
    if (!plan || !plan.items.length) return;
    const outcome = onImport(plan.items);
    if (!outcome.ok) {
      setError(outcome.message);
      return;
    }
    setTable(null);
    setMapping(null);
    setError(null);
    setDone(I.done(nf(outcome.added), nf(outcome.updated)));
  }

  const good = plan?.items.length ?? 0;
  const bad = plan?.errors.length ?? 0;
  const actions = (
    <>
      <Button type="button" $variant="secondary" onClick={close}>
        {done ? I.close : I.cancel}
      </Button>
      {table ? (
        <Button type="button" $variant="secondary" onClick={reset}>
          {I.back}
        </Button>
      ) : null}
      {plan && good > 0 ? (
        <Button type="button" onClick={runImport}>
          {bad ? I.importGood(nf(good), nf(bad)) : I.importAll(nf(good))}
        </Button>
      ) : null}
    </>
  );

  return (
    <Modal open={open} title={I.dialogTitle} onClose={close} actions={actions}>
      {done ? <Banner tone="success">{done}</Banner> : null}
      {error ? <Banner tone="error">{error}</Banner> : null}
      {!table ? (
        <Field label={I.fileLabel} htmlFor="catalogue-import-file" hint={I.fileHint}>
          <input
            id="catalogue-import-file"
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            disabled={reading}
            onChange={(event) => {
              void choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </Field>
      ) : null}
      {reading ? <p role="status">{I.reading}</p> : null}
      {table && mapping ? (
        <>
          <h3>{I.mappingTitle}</h3>
          {IMPORT_FIELDS.map((field) => (
            <Field
              key={field}
              label={`${I.columns[field]}${REQUIRED_FIELDS.includes(field) ? '' : ` ${I.optionalColumn}`}`}
              htmlFor={`catalogue-import-${field}`}
            >
              <Select
                id={`catalogue-import-${field}`}
                value={mapping[field] === null ? '' : String(mapping[field])}
                onChange={(e) =>
                  setMapping({ ...mapping, [field]: e.target.value === '' ? null : Number(e.target.value) })
                }
              >
                <option value="">{I.noColumn}</option>
                {table.headers.map((header, index) => (
                  <option key={index} value={index}>
                    {header || `#${index + 1}`}
                  </option>
                ))}
              </Select>
            </Field>
          ))}
          {mappingRefusal ? <Banner tone="error">{mappingRefusal}</Banner> : null}
        </>
      ) : null}
      {plan ? (
        <>
          <h3>{I.previewTitle}</h3>
          {good ? (
            <Scroll>
              <Table aria-label={I.previewTitle}>
                <caption>{I.previewCaption(nf(Math.min(PREVIEW_ROWS, good)), nf(good))}</caption>
                <thead>
                  <tr>
                    <th scope="col">{I.columns.name}</th>
                    <th scope="col">{I.columns.price}</th>
                    <th scope="col">{I.columns.category}</th>
                  </tr>
                </thead>
                <tbody>
                  {plan.items.slice(0, PREVIEW_ROWS).map((item, index) => (
                    <tr key={index}>
                      <td>{item.name}</td>
                      <td>{formatTaskPrice(item)}</td>
                      <td>{item.category ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </Scroll>
          ) : (
            <Banner tone="error">{I.nothingToImport}</Banner>
          )}
          {bad ? (
            <section aria-label={I.errorsTitle(nf(bad))}>
              <h3>{I.errorsTitle(nf(bad))}</h3>
              <Errors>
                {plan.errors.slice(0, ERRORS_SHOWN).map((e) => (
                  <li key={e.line}>{e.message}</li>
                ))}
              </Errors>
              {bad > ERRORS_SHOWN ? <p>{I.moreErrors(nf(bad - ERRORS_SHOWN))}</p> : null}
            </section>
          ) : null}
        </>
      ) : null}
    </Modal>
  );
}
