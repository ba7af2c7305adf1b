import type { ComponentChildren } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { ApiError } from '../core/api.js';
import { offline } from '../core/offline-cache.js';
import { useStore } from '../core/store.js';
import { t } from '../core/texts.js';

type Values = Record<string, string | boolean>;
type Errors = Record<string, string>;

export interface Rule {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  email?: boolean;
  check?: (value: string) => string | null;
  /** Run `check` on an empty value too (a field required only when another has a certain value). */
  checkEmpty?: boolean;
}

export interface FormOptions<V extends Values> {
  rules?: Partial<Record<keyof V & string, Rule>>;
  /** Error codes without a `fields` entry that still belong to one field (e.g. email_taken → email). */
  codeFields?: Record<string, keyof V & string>;
}

function checkRule(value: string, rule: Rule): string | null {
  const trimmed = value.trim();
  if (rule.required && !trimmed) return t.required;
  if (!trimmed) return rule.checkEmpty ? (rule.check?.(value) ?? null) : null;
  if (rule.minLength && value.length < rule.minLength) return t.tooShort(rule.minLength);
  // Counted in code points, as the server counts (an emoji is one character).
  if (rule.maxLength && [...value].length > rule.maxLength) return t.tooLong(rule.maxLength);
  if (rule.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed)) return t.invalidEmail;
  return rule.check?.(value) ?? null;
}

/**
 * Form state with German messages on the fields: the client's own checks first, then the server's answer
 * (`fields` of the error body) mapped onto the inputs; anything without a matching input goes to the summary.
 */
export function useForm<V extends Values>(initial: V, options: FormOptions<V> = {}) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const isOffline = useStore(offline);

  const set = (name: keyof V & string, value: string | boolean) => {
    setValues((prev) => ({ ...prev, [name]: value }));
    if (errors[name]) setErrors((prev) => ({ ...prev, [name]: '' }));
  };

  const focusFirstInvalid = (names: string[]) => {
    const form = formRef.current;
    const first = names.map((n) => form?.querySelector<HTMLElement>(`[name="${n}"]`)).find(Boolean);
    window.setTimeout(() => (first ?? form?.querySelector<HTMLElement>('[role="alert"]'))?.focus(), 0);
  };

  const applyError = (error: unknown) => {
    if (!(error instanceof ApiError)) throw error;
    const fieldErrors: Errors = {};
    const unmatched: string[] = [];
    for (const [key, message] of Object.entries(error.fields)) {
      const name = key.split('.')[0] ?? key;
      if (name in values) fieldErrors[name] ??= message;
      else unmatched.push(message);
    }
    const codeField = options.codeFields?.[error.code];
    if (codeField && !fieldErrors[codeField]) fieldErrors[codeField] = error.message;
    setErrors(fieldErrors);
    const hasFieldErrors = Object.keys(fieldErrors).length > 0;
    setSummary(hasFieldErrors ? [t.formHasErrors, ...unmatched].join(' ') : [error.message, ...unmatched].join(' '));
    focusFirstInvalid(Object.keys(fieldErrors));
  };

  const validate = (): boolean => {
    const found: Errors = {};
    for (const [name, rule] of Object.entries(options.rules ?? {}) as [string, Rule][]) {
      const value = values[name];
      const message = typeof value === 'string' ? checkRule(value, rule) : null;
      if (message) found[name] = message;
    }
    setErrors(found);
    if (Object.keys(found).length) {
      setSummary(t.formHasErrors);
      focusFirstInvalid(Object.keys(found));
      return false;
    }
    return true;
  };

  const onSubmit = (action: (values: V) => Promise<void>) => async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    setSummary(null);
    if (!validate()) return;
    setBusy(true);
    try {
      await action(values);
    } catch (error) {
      applyError(error);
    } finally {
      setBusy(false);
    }
  };

  return { values, set, errors, summary, busy, offline: isOffline, formRef, onSubmit, applyError, setValues, setSummary };
}

interface FieldProps {
  form: { values: Values; errors: Errors; set: (name: never, value: string | boolean) => void };
  name: string;
  label: string;
  hint?: ComponentChildren;
  type?: 'text' | 'email' | 'password' | 'date' | 'datetime-local' | 'time' | 'number' | 'search' | 'checkbox' | 'url' | 'tel';
  multiline?: boolean;
  rows?: number;
  autoComplete?: string;
  maxLength?: number;
  inputMode?: 'text' | 'email' | 'numeric' | 'decimal' | 'tel' | 'search' | 'url';
  required?: boolean;
  onInput?: (value: string) => void;
  children?: ComponentChildren;
  options?: { value: string; label: string }[];
  min?: string;
  max?: string;
  step?: string;
  /** The id of a <datalist> with suggestions. */
  list?: string;
}

/** A labelled input with its hint and error wired to aria-describedby. */
export function Field(props: FieldProps) {
  const { form, name, label, hint, type = 'text', multiline, options } = props;
  const id = `f-${name}`;
  const error = form.errors[name];
  // An error that says what the hint says ("Mindestens 8 Zeichen.") stands alone: the same line twice reads like a bug.
  const shownHint = hint && hint !== error ? hint : undefined;
  const describedBy = [shownHint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const value = form.values[name];
  const common = {
    id,
    name,
    'aria-invalid': error ? ('true' as const) : undefined,
    'aria-describedby': describedBy,
    'aria-required': props.required ? ('true' as const) : undefined,
    onInput: (event: Event) => {
      const next = (event.currentTarget as HTMLInputElement).value;
      form.set(name as never, next);
      props.onInput?.(next);
    },
  };
  if (type === 'checkbox') {
    return (
      <div class={`field field-check${error ? ' has-error' : ''}`}>
        <input
          {...common}
          type="checkbox"
          checked={value === true}
          onInput={undefined}
          onChange={(e) => form.set(name as never, (e.currentTarget as HTMLInputElement).checked)}
        />
        <label for={id}>{label}</label>
        {shownHint && (
          <p id={`${id}-hint`} class="hint">
            {shownHint}
          </p>
        )}
        {error && (
          <p id={`${id}-error`} class="field-error">
            {error}
          </p>
        )}
      </div>
    );
  }
  return (
    <div class={`field${error ? ' has-error' : ''}`}>
      <label for={id}>
        {label}
        {props.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {shownHint && (
        <p id={`${id}-hint`} class="hint">
          {shownHint}
        </p>
      )}
      {multiline ? (
        <textarea {...common} rows={props.rows ?? 4} maxLength={props.maxLength} value={String(value ?? '')} />
      ) : options ? (
        <select {...common} value={String(value ?? '')} onInput={undefined} onChange={common.onInput}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : (
        // preact's input types are a union discriminated by `type`; this one input serves all text-like types.
        <input
          {...common}
          type={type as 'text'}
          value={String(value ?? '')}
          autoComplete={props.autoComplete}
          maxLength={props.maxLength}
          inputMode={props.inputMode}
          min={props.min}
          max={props.max}
          step={props.step}
          list={props.list}
        />
      )}
      {props.children}
      {error && (
        <p id={`${id}-error`} class="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The form-level message: read out at once (role=alert) and focusable for the error path. */
export function FormSummary({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p class="notice notice-error" role="alert" tabIndex={-1}>
      {message}
    </p>
  );
}

export function SubmitButton({
  busy,
  offline: isOffline,
  children,
  busyLabel,
  variant,
}: {
  busy: boolean;
  offline: boolean;
  children: ComponentChildren;
  busyLabel?: string;
  variant?: 'danger';
}) {
  return (
    <>
      <button type="submit" class={`button${variant === 'danger' ? ' button-danger' : ''}`} disabled={busy || isOffline} aria-busy={busy ? 'true' : undefined}>
        {busy ? (busyLabel ?? t.saving) : children}
      </button>
      {isOffline && <p class="hint">{t.offlineAction}</p>}
    </>
  );
}

/** A button that starts something and says so while it runs (disabled, `aria-busy`, the busy label). */
export function BusyButton({
  busy,
  onClick,
  class: className,
  busyLabel = t.loading,
  children,
}: {
  busy: boolean;
  onClick: () => void;
  class: string;
  busyLabel?: string;
  children: ComponentChildren;
}) {
  return (
    <button type="button" class={className} onClick={onClick} disabled={busy} aria-busy={busy ? 'true' : undefined}>
      {busy ? busyLabel : children}
    </button>
  );
}
