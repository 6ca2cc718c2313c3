// The components of an ouvrage in the task form: supplies and labour, each with its unit, quantity per unit of the
// ouvrage and price, plus the coefficient; the ouvrage's price is shown as @atelier/domain computes it.
import { formatEuros, eurosToCents } from '@atelier/domain';
import styled from 'styled-components';

import { Button, Field, Input, LinkButton, Select } from '../../../components/primitives';
import { TASKS_MESSAGES as M } from '../messages';
import { EMPTY_COMPONENT, ouvragePriceOf, type ComponentFormValues, type TaskFormValues } from '../model/task-form';

const Row = styled.fieldset`
  display: grid;
  grid-template-columns: minmax(120px, 1fr) minmax(160px, 2fr) repeat(3, minmax(80px, 1fr)) auto;
  gap: 0 0.75rem;
  align-items: end;
  border: none;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  margin: 0 0 0.5rem;
  padding: 0;
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) {
    grid-template-columns: 1fr 1fr;
  }
  legend {
    font-weight: 600;
  }
`;

const ErrorText = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
`;

const Total = styled.p`
  font-weight: 600;
  margin: 0 0 1rem;
`;

interface OuvrageFieldsProps {
  idPrefix: string;
  values: TaskFormValues;
  update(patch: Partial<TaskFormValues>): void;
  error?: string | null;
}

export function OuvrageFields({ idPrefix, values, update, error }: OuvrageFieldsProps) {
  const rows = values.components ?? [];
  const setRow = (index: number, patch: Partial<ComponentFormValues>) =>
    update({ components: rows.map((row, i) => (i === index ? { ...row, ...patch } : row)) });
  const id = (index: number, field: string) => `${idPrefix}-component-${index}-${field}`;
  const price = ouvragePriceOf(values);
  return (
    <section aria-label={M.componentsTitle}>
      <h3>{M.componentsTitle}</h3>
      {rows.map((row, index) => (
        <Row key={index}>
          <legend>{`${index + 1}.`}</legend>
          <Field label={M.componentKindLabel} htmlFor={id(index, 'kind')}>
            <Select
              id={id(index, 'kind')}
              value={row.kind}
              onChange={(e) => setRow(index, { kind: e.target.value as ComponentFormValues['kind'] })}
            >
              <option value="fourniture">{M.componentKinds.fourniture}</option>
              <option value="main_oeuvre">{M.componentKinds.main_oeuvre}</option>
            </Select>
          </Field>
          <Field label={M.componentNameLabel} htmlFor={id(index, 'name')}>
            <Input id={id(index, 'name')} value={row.name} onChange={(e) => setRow(index, { name: e.target.value })} />
          </Field>
          <Field label={M.componentUnitLabel} htmlFor={id(index, 'unit')}>
            <Input id={id(index, 'unit')} value={row.unit} onChange={(e) => setRow(index, { unit: e.target.value })} />
          </Field>
          <Field label={M.componentQuantityLabel} htmlFor={id(index, 'quantity')}>
            <Input
              id={id(index, 'quantity')}
              inputMode="decimal"
              autoComplete="off"
              value={row.quantity}
              onChange={(e) => setRow(index, { quantity: e.target.value })}
            />
          </Field>
          <Field label={M.componentPriceLabel} htmlFor={id(index, 'price')}>
            <Input
              id={id(index, 'price')}
              inputMode="decimal"
              autoComplete="off"
              value={row.price}
              onChange={(e) => setRow(index, { price: e.target.value })}
            />
          </Field>
          <Button
            type="button"
            $variant="secondary"
            aria-label={M.removeComponent(index + 1)}
            onClick={() => update({ components: rows.filter((_, i) => i !== index) })}
          >
            ✕
          </Button>
        </Row>
      ))}
      <LinkButton onClick={() => update({ components: [...rows, { ...EMPTY_COMPONENT }] })}>
        {M.addComponent}
      </LinkButton>
      <Field label={M.coefficientLabel} htmlFor={`${idPrefix}-coefficient`}>
        <Input
          id={`${idPrefix}-coefficient`}
          inputMode="decimal"
          autoComplete="off"
          value={values.coefficient ?? '1'}
          onChange={(e) => update({ coefficient: e.target.value })}
        />
      </Field>
      {price !== null ? <Total role="status">{M.ouvragePrice(formatEuros(eurosToCents(price)))}</Total> : null}
      {error ? <ErrorText role="alert">{error}</ErrorText> : null}
    </section>
  );
}
