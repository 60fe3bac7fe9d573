import type { Settings } from '@switchboard/contract/settings';
import { SETTINGS_FIELD_NOTES, type SettingsFieldNote } from '@switchboard/contract/settings-fields';
import { useState } from 'react';
import { FormField, fieldMessageId } from '@/components/form-field.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { originsFromText, originsToText } from './settings-form.ts';

/** The sections the settings screen edits through field lists. */
export type FormSection =
  | 'app'
  | 'security'
  | 'notifications'
  | 'database'
  | 'api'
  | 'root_admin'
  | 'calling';

/**
 * One field of a settings tab. text: a string; integer: parsed as a whole number; decimal: a number
 * that may have a fraction; toggle: a boolean;
 * choice: one of `options`; lines: a list edited one entry per line, blank lines dropped.
 */
type FieldKind =
  | { kind: 'text' | 'integer' | 'decimal' | 'toggle' | 'lines' }
  | { kind: 'choice'; options: readonly string[] };
export type FieldSpec<K extends FormSection> = { key: keyof Settings[K] & string; label: string } & FieldKind;
type AnyFieldSpec = { key: string; label: string } & FieldKind;

interface SettingsFieldsProps {
  section: FormSection;
  fields: readonly AnyFieldSpec[];
  values: Settings[FormSection];
  /** Keyed by the field's path, e.g. "security.session_timeout". */
  errors: Record<string, string>;
  onChange(field: string, value: unknown): void;
}

/**
 * Renders a tab's fields from their descriptions, so every tab is the same code. Under each field: its one
 * line of help (contract/src/settings-fields.ts), or for a field the server cannot change, why, with the
 * control disabled.
 */
export function SettingsFields({ section, fields, values, errors, onChange }: SettingsFieldsProps) {
  const notes = SETTINGS_FIELD_NOTES[section] as Record<string, SettingsFieldNote>;
  return fields.map((field) => {
    const id = `${section}-${field.key}`.replaceAll('_', '-');
    const value = (values as Record<string, unknown>)[field.key];
    const path = `${section}.${field.key}`;
    const error = errors[path] ?? Object.entries(errors).find(([p]) => p.startsWith(`${path}.`))?.[1];
    const set = (v: unknown) => onChange(field.key, v);
    const note = notes[field.key];
    const fixed = note?.fixed !== undefined;
    const hint = note?.fixed ? note.fixed.reason : note?.help;
    const described = {
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error || hint ? fieldMessageId(id) : undefined,
      disabled: fixed || undefined,
    };
    if (field.kind === 'toggle')
      return (
        <div key={field.key} className="flex flex-col gap-1">
          <div className="flex items-center gap-3">
            <Checkbox
              id={id}
              checked={value === true}
              onCheckedChange={(v) => set(v === true)}
              {...described}
            />
            <Label htmlFor={id}>{field.label}</Label>
          </div>
          {hint ? (
            <p id={fieldMessageId(id)} className="text-xs text-muted-foreground">
              {hint}
            </p>
          ) : null}
        </div>
      );
    return (
      <FormField key={field.key} id={id} label={field.label} error={error} hint={hint}>
        {field.kind === 'choice' ? (
          <select
            id={id}
            value={String(value)}
            onChange={(e) => set(e.target.value)}
            className={CONTROL}
            {...described}
          >
            {field.options.map((option) => (
              <option key={option} value={option}>
                {option.charAt(0).toUpperCase() + option.slice(1)}
              </option>
            ))}
          </select>
        ) : field.kind === 'lines' ? (
          <LinesInput id={id} value={value as string[]} onChange={set} {...described} />
        ) : field.kind === 'decimal' ? (
          <DecimalInput id={id} value={value as number} onChange={set} {...described} />
        ) : (
          <Input
            id={id}
            inputMode={field.kind === 'integer' ? 'numeric' : undefined}
            value={field.kind === 'integer' ? integerText(value as number) : String(value)}
            // What is typed is parsed as an integer; empty or not a number is NaN, refused on save.
            onChange={(e) =>
              set(field.kind === 'integer' ? Number.parseInt(e.target.value, 10) : e.target.value)
            }
            {...described}
          />
        )}
      </FormField>
    );
  });
}

const CONTROL =
  'h-9 rounded-md border border-input bg-card px-3 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60';

const integerText = (value: number) => (Number.isNaN(value) ? '' : String(value));

const sameNumber = (a: number, b: number) => a === b || (Number.isNaN(a) && Number.isNaN(b));

/** Keeps the typed text ("3." on the way to "3.5") while the value is the number it reads as. */
function DecimalInput({
  id,
  value,
  onChange,
  ...aria
}: { id: string; value: number; onChange(v: number): void } & Record<`aria-${string}`, unknown> & {
    disabled?: boolean;
  }) {
  const [text, setText] = useState(() => integerText(value));
  // A value replaced from outside (loaded or saved) replaces the text; one typed here does not.
  if (!sameNumber(Number.parseFloat(text), value)) setText(integerText(value));
  return (
    <Input
      id={id}
      inputMode="decimal"
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange(Number.parseFloat(e.target.value));
      }}
      {...aria}
    />
  );
}

/** Keeps the typed text (blank lines included) while the value holds only the non-blank lines. */
function LinesInput({
  id,
  value,
  onChange,
  ...aria
}: { id: string; value: string[]; onChange(v: string[]): void } & Record<`aria-${string}`, unknown> & {
    disabled?: boolean;
  }) {
  const [text, setText] = useState(() => originsToText(value));
  // A value replaced from outside (loaded or saved) replaces the text; one typed here does not.
  if (originsToText(originsFromText(text)) !== originsToText(value)) setText(originsToText(value));
  return (
    <textarea
      id={id}
      rows={4}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange(originsFromText(e.target.value));
      }}
      className="rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      {...aria}
    />
  );
}
