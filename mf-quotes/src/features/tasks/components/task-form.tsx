import { MAX_TASK_NAME_LENGTH, PREDEFINED_UNITS, type Task } from '@atelier/domain';
import { useMemo, useState, type FormEvent } from 'react';
import styled from 'styled-components';

import { TextArea } from '@atelier/ui';

import { Button, Field, FieldRow, Input, LinkButton, Select } from '../../../components/primitives';
import { TASKS_MESSAGES as M } from '../messages';
import { catalogueCategories } from '../model/catalogue-item';
import { EMPTY_COMPONENT, INITIAL_TASK_FORM, priceError, taskFromForm, type TaskFormValues } from '../model/task-form';
import { OuvrageFields } from './ouvrage-fields';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

interface TaskFormProps {
  /** Returns whether the task was stored; the form resets only then. */
  onAdd(task: Task): boolean;
  /** The catalogue, to refuse a duplicate. */
  catalogue?: readonly Task[];
  /** Editing: the task's index in the catalogue and its values; the form then says « Enregistrer ». */
  editing?: { index: number; initial: TaskFormValues; onCancel(): void };
  /** Prefix of the fields' ids (two forms on one page). */
  idPrefix?: string;
}

export function TaskForm({ onAdd, catalogue = [], editing, idPrefix = 'task' }: TaskFormProps) {
  const [values, setValues] = useState<TaskFormValues>(editing?.initial ?? INITIAL_TASK_FORM);
  // Each refusal shows under its field; what was typed stays.
  const [errors, setErrors] = useState<{ name?: string | null; price?: string | null; components?: string | null }>({});
  const categories = useMemo(() => catalogueCategories(catalogue), [catalogue]);
  const update = (patch: Partial<TaskFormValues>) => setValues((prev) => ({ ...prev, ...patch }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = taskFromForm(values, catalogue, editing?.index ?? -1);
    if (!result.ok) {
      if (result.field === 'unit') window.alert(M.unitRequired);
      else setErrors((prev) => ({ ...prev, [result.field]: result.message }));
      return;
    }
    setErrors({});
    if (onAdd(result.task) && !editing) setValues(INITIAL_TASK_FORM);
  }

  const id = (field: string) => `${idPrefix}-${field}`;
  return (
    <form onSubmit={submit} aria-label={editing ? M.editFormLabel(editing.initial.name) : M.formTitle}>
      <FieldRow>
        <Field label={M.nameLabel} htmlFor={id('name')} error={errors.name}>
          <Input
            id={id('name')}
            name="name"
            required
            value={values.name}
            placeholder={M.namePlaceholder}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? id('name-error') : undefined}
            onChange={(e) => {
              update({ name: e.target.value });
              setErrors((prev) => ({
                ...prev,
                name: [...e.target.value.trim()].length > MAX_TASK_NAME_LENGTH ? M.nameTooLong : null,
              }));
            }}
          />
        </Field>
        {values.ouvrage ? null : (
          <Field label={M.priceLabel} htmlFor={id('price')} error={errors.price}>
            <Input
              id={id('price')}
              name="price"
              type="text"
              required
              inputMode="decimal"
              autoComplete="off"
              value={values.price}
              aria-invalid={errors.price ? true : undefined}
              aria-describedby={errors.price ? id('price-error') : undefined}
              onChange={(e) => {
                update({ price: e.target.value });
                setErrors((prev) => ({
                  ...prev,
                  price: e.target.value.trim() === '' ? null : priceError(e.target.value),
                }));
              }}
            />
          </Field>
        )}
        <Field label={M.unitLabel} htmlFor={id('unit')}>
          {values.unitMode === 'predefined' ? (
            <Select
              id={id('unit')}
              name="unit"
              value={values.predefinedUnit}
              onChange={(e) => update({ predefinedUnit: e.target.value })}
            >
              {PREDEFINED_UNITS.map((unit) => (
                <option key={unit} value={unit}>
                  {unit}
                </option>
              ))}
            </Select>
          ) : (
            <Input
              id={id('unit')}
              name="customUnit"
              value={values.customUnit}
              placeholder={M.customUnitPlaceholder}
              onChange={(e) => update({ customUnit: e.target.value })}
            />
          )}
          <LinkButton onClick={() => update({ unitMode: values.unitMode === 'predefined' ? 'custom' : 'predefined' })}>
            {values.unitMode === 'predefined' ? M.useCustomUnit : M.usePredefinedUnit}
          </LinkButton>
        </Field>
        <Field label={M.categoryLabel} htmlFor={id('category')}>
          <Input
            id={id('category')}
            name="category"
            list={id('categories')}
            autoComplete="off"
            value={values.category ?? ''}
            placeholder={M.categoryPlaceholder}
            onChange={(e) => update({ category: e.target.value })}
          />
          <datalist id={id('categories')}>
            {categories.map((category) => (
              <option key={category} value={category} />
            ))}
          </datalist>
        </Field>
      </FieldRow>
      <Field label={M.descriptionLabel} htmlFor={id('description')}>
        <TextArea
          id={id('description')}
          name="description"
          rows={3}
          value={values.description ?? ''}
          onChange={(e) => update({ description: e.target.value })}
        />
      </Field>
      <label>
        <input
          type="checkbox"
          checked={values.ouvrage === true}
          onChange={(e) =>
            update({
              ouvrage: e.target.checked,
              components: values.components?.length ? values.components : [{ ...EMPTY_COMPONENT }],
            })
          }
        />{' '}
        {M.ouvrageToggle}
      </label>
      {values.ouvrage ? (
        <OuvrageFields idPrefix={idPrefix} values={values} update={update} error={errors.components} />
      ) : null}
      {editing ? (
        <Actions>
          <Button type="submit">{M.saveButton}</Button>
          <Button type="button" $variant="secondary" onClick={editing.onCancel}>
            {M.cancelButton}
          </Button>
        </Actions>
      ) : (
        <Button type="submit">{M.addButton}</Button>
      )}
    </form>
  );
}
