// The settings of each tab (SPEC.md §2 Customize): quote options, invoice options, shared layout and colours.
import type { QuoteCustomization } from '@atelier/domain';
import { Field, Input, Select, TextArea } from '@atelier/ui';
import { useEffect, useId, useState } from 'react';

import { parsePaymentDeadline, withColour, withInvoice, withLayout } from '../model/customization-draft';
import { customizeMessages as m } from '../messages';
import { Checkbox, ColourField, Fieldset } from './controls';

interface PanelProps {
  draft: QuoteCustomization;
  onChange: (next: QuoteCustomization) => void;
}

export function QuoteSettings({ draft, onChange }: PanelProps) {
  const tableId = useId();
  const textId = useId();
  return (
    <Fieldset>
      <legend>{m.sections.quote}</legend>
      <Field label={m.tableStyle} htmlFor={tableId}>
        <Select
          id={tableId}
          value={draft.tableStyle}
          onChange={(e) => onChange({ ...draft, tableStyle: e.target.value as QuoteCustomization['tableStyle'] })}
        >
          {(['simple', 'striped', 'bordered'] as const).map((style) => (
            <option key={style} value={style}>
              {m.tableStyles[style]}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={m.additionalText} htmlFor={textId} hint={m.additionalTextHint}>
        <TextArea
          id={textId}
          value={draft.additionalText}
          onChange={(e) => onChange({ ...draft, additionalText: e.target.value })}
        />
      </Field>
      <Checkbox
        label={m.showHeader}
        checked={draft.showHeader}
        onChange={(v) => onChange({ ...draft, showHeader: v })}
      />
      <Checkbox
        label={m.showFooter}
        checked={draft.showFooter}
        onChange={(v) => onChange({ ...draft, showFooter: v })}
      />
    </Fieldset>
  );
}

export function InvoiceSettings({
  draft,
  onChange,
  onDeadlineValidity,
}: PanelProps & { onDeadlineValidity: (valid: boolean) => void }) {
  const ids = { payment: useId(), late: useId(), deadline: useId(), header: useId(), footer: useId() };
  const settings = draft.invoice;
  const [deadlineText, setDeadlineText] = useState(String(settings.paymentDeadline));
  const deadline = parsePaymentDeadline(deadlineText);
  const deadlineValid = deadline.ok;
  useEffect(() => {
    onDeadlineValidity(deadlineValid);
    // Leaving the tab drops the invalid text; the draft still holds the last valid deadline.
    return () => onDeadlineValidity(true);
  }, [deadlineValid, onDeadlineValidity]);

  return (
    <Fieldset>
      <legend>{m.sections.invoice}</legend>
      <Field label={m.paymentText} htmlFor={ids.payment}>
        <Input
          id={ids.payment}
          value={settings.paymentText}
          onChange={(e) => onChange(withInvoice(draft, 'paymentText', e.target.value))}
        />
      </Field>
      <Field label={m.latePaymentText} htmlFor={ids.late} hint={m.latePaymentHint}>
        <TextArea
          id={ids.late}
          value={settings.latePaymentText}
          onChange={(e) => onChange(withInvoice(draft, 'latePaymentText', e.target.value))}
        />
      </Field>
      <Field label={m.paymentDeadline} htmlFor={ids.deadline} error={deadline.ok ? null : deadline.message}>
        <Input
          id={ids.deadline}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={deadlineText}
          aria-invalid={!deadlineValid}
          aria-describedby={deadline.ok ? undefined : `${ids.deadline}-error`}
          onChange={(e) => {
            setDeadlineText(e.target.value);
            const days = parsePaymentDeadline(e.target.value);
            if (days.ok) onChange(withInvoice(draft, 'paymentDeadline', days.value));
          }}
        />
      </Field>
      <Checkbox
        label={m.showQuoteReference}
        checked={settings.showQuoteReference}
        onChange={(v) => onChange(withInvoice(draft, 'showQuoteReference', v))}
      />
      <Checkbox
        label={m.showPaymentStatus}
        checked={settings.showPaymentStatus}
        onChange={(v) => onChange(withInvoice(draft, 'showPaymentStatus', v))}
      />
      <Checkbox
        label={m.showPaymentDate}
        checked={settings.showPaymentDate}
        onChange={(v) => onChange(withInvoice(draft, 'showPaymentDate', v))}
      />
      <Field label={m.customHeader} htmlFor={ids.header}>
        <Input
          id={ids.header}
          value={settings.customHeader}
          onChange={(e) => onChange(withInvoice(draft, 'customHeader', e.target.value))}
        />
      </Field>
      <Field label={m.customFooter} htmlFor={ids.footer} hint={m.customFooterHint}>
        <Input
          id={ids.footer}
          value={settings.customFooter}
          onChange={(e) => onChange(withInvoice(draft, 'customFooter', e.target.value))}
        />
      </Field>
    </Fieldset>
  );
}

export function AppearanceSettings({ draft, onChange }: PanelProps) {
  const ids = { logo: useId(), company: useId(), client: useId() };
  return (
    <>
      <Fieldset>
        <legend>{m.sections.layout}</legend>
        <Field label={m.logoSize} htmlFor={ids.logo}>
          <Select
            id={ids.logo}
            value={draft.layout.logoSize}
            onChange={(e) =>
              onChange(withLayout(draft, 'logoSize', e.target.value as QuoteCustomization['layout']['logoSize']))
            }
          >
            {(['small', 'medium', 'large'] as const).map((size) => (
              <option key={size} value={size}>
                {m.logoSizes[size]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={m.companyPosition} htmlFor={ids.company}>
          <Select
            id={ids.company}
            value={draft.layout.companyInfoPosition}
            onChange={(e) => onChange(withLayout(draft, 'companyInfoPosition', e.target.value as 'left' | 'right'))}
          >
            <option value="left">{m.sides.left}</option>
            <option value="right">{m.sides.right}</option>
          </Select>
        </Field>
        <Field label={m.clientPosition} htmlFor={ids.client}>
          <Select
            id={ids.client}
            value={draft.layout.clientInfoPosition}
            onChange={(e) => onChange(withLayout(draft, 'clientInfoPosition', e.target.value as 'left' | 'right'))}
          >
            <option value="left">{m.sides.left}</option>
            <option value="right">{m.sides.right}</option>
          </Select>
        </Field>
      </Fieldset>
      <Fieldset>
        <legend>{m.sections.colors}</legend>
        {(['primary', 'secondary', 'accent'] as const).map((key) => (
          <ColourField
            key={key}
            label={m.colors[key]}
            value={draft.colors[key]}
            onChange={(value) => onChange(withColour(draft, key, value))}
          />
        ))}
      </Fieldset>
    </>
  );
}
