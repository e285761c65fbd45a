/** Small shared pieces: status messages, fields, dialogs, choices, secrets, dates and money. */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { ApiError } from './api.ts';

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p className="loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" /> {label}
    </p>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="empty">{children}</p>;
}

/** An API error in words, placed next to the control that caused it. */
export function ErrorText({ error, id, field }: { error: ApiError | string | undefined; id?: string; field?: string }) {
  if (!error) return null;
  const text = typeof error === 'string' ? error : (field && error.forField(field)) || describe(error);
  return (
    <p className="error" role="alert" id={id}>
      {text}
    </p>
  );
}

export function describe(error: ApiError): string {
  switch (error.code) {
    case 'FORBIDDEN':
      return `Not allowed: ${error.message}`;
    case 'RATE_LIMITED': {
      const wait = error.errors[0]?.retryAfter;
      return wait ? `${error.message} Try again in ${wait} seconds.` : error.message;
    }
    default:
      return error.message;
  }
}

/** A form's Cancel and submit buttons; the submit button says what it is doing while `busy`. */
export function FormActions({ onCancel, busy, disabled = busy, label, busyLabel, cancelLabel = 'Cancel' }: {
  onCancel: () => void;
  busy: boolean;
  disabled?: boolean;
  label: string;
  busyLabel: string;
  cancelLabel?: string;
}) {
  return (
    <div className="dialog-actions">
      <button type="button" onClick={onCancel}>
        {cancelLabel}
      </button>
      <button type="submit" className="primary" disabled={disabled}>
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}

/**
 * A modal dialog (native <dialog>: focus trap, Escape closes). Closing gives focus back to the control that
 * opened it. Most dialogs are unmounted when they close, which the browser's own return of focus does not
 * survive, and the opener itself may have been drawn again meanwhile (a list reloaded after the change): then
 * focus goes to the control that now stands where it stood (same label), else to `returnFocusTo` (the id of
 * what shows the change, when the change takes the opener away: a payment marked paid has no `Mark paid`
 * left), else to the page's title.
 */
export function Dialog({
  title,
  open,
  onClose,
  returnFocusTo,
  children,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  returnFocusTo?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!open) {
      if (dialog.open) dialog.close();
      return;
    }
    const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    const openerLabel = opener ? labelOf(opener) : '';
    if (!dialog.open) dialog.showModal();
    return () => {
      // Once React has drawn what the change left (a reloaded list draws its buttons anew), and only if the
      // dialog did close: an effect run again on a dialog still open (React's strict mode) keeps focus in it.
      setTimeout(() => {
        if (!(dialog.isConnected && dialog.open)) returnFocus(opener, openerLabel, returnFocusTo);
      }, 0);
    };
  }, [open, returnFocusTo]);
  // In the body, not where it is opened: a dialog opened from inside another's form (New customer in a booking
  // dialog) must not be a form inside a form. React still passes events up its own tree, to the outer dialog's
  // handlers too: each dialog submits and closes only itself.
  return createPortal(
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={(event) => event.target === event.currentTarget && onClose()}
      onCancel={(event) => event.target === event.currentTarget && onClose()}
      onSubmit={(event) => event.stopPropagation()}
    >
      {open && (
        <>
          <h2 id={titleId}>{title}</h2>
          {children}
        </>
      )}
    </dialog>,
    document.body,
  );
}

function labelOf(element: HTMLElement): string {
  return `${element.tagName}|${element.getAttribute('aria-label') ?? element.textContent?.trim() ?? ''}`;
}

function returnFocus(opener: HTMLElement | null, openerLabel: string, fallback: string | undefined): void {
  if (document.activeElement && document.activeElement !== document.body && !document.activeElement.closest('dialog')) return;
  if (!opener?.isConnected) return focusInstead(openerLabel, fallback);
  opener.focus();
  // The change the dialog made often draws the opener again a moment later (a booked slot becomes an
  // appointment): focus then follows to where it stood, rather than falling to the page's body.
  const observer = new MutationObserver(() => {
    if (opener.isConnected) return;
    observer.disconnect();
    if (!document.activeElement || document.activeElement === document.body) focusInstead(openerLabel, fallback);
  });
  observer.observe(document.body, { childList: true, subtree: true });
  setTimeout(() => observer.disconnect(), 5_000);
}

/** The control that now stands where the opener stood (same kind, same label), else `fallback`, else the page's title. */
function focusInstead(openerLabel: string, fallback: string | undefined): void {
  // A dialog still open (the one this dialog was opened from) holds the focus: the twin is looked for there.
  const scope: ParentNode = Array.from(document.querySelectorAll('dialog[open]')).at(-1) ?? document;
  const twin = openerLabel
    ? Array.from(scope.querySelectorAll<HTMLElement>('button, a[href], [tabindex]')).find((e) => labelOf(e) === openerLabel && (scope !== document || !e.closest('dialog')))
    : undefined;
  if (twin) return twin.focus();
  const instead = fallback ? document.getElementById(fallback) : null;
  if (instead) {
    if (!instead.hasAttribute('tabindex')) instead.setAttribute('tabindex', '-1');
    return instead.focus();
  }
  const heading = document.getElementById('page-title');
  if (heading) {
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus();
  }
}

/** A labelled field: `control` gets the id its label points at, and the id of its hint or error to describe it. */
export function Field({
  label,
  hint,
  error,
  className,
  children,
}: {
  label: string;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: (id: string, describedBy: string | undefined) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children(id, describedBy)}
      {hint && (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      )}
      <ErrorText error={error} id={errorId} />
    </div>
  );
}

/** A one-line text (or number, date, time) field of a form. */
export function TextField({
  label,
  value,
  onChange,
  hint,
  error,
  type = 'text',
  inputMode,
  className,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: ReactNode;
  error?: string;
  type?: 'text' | 'email' | 'tel' | 'date' | 'time' | 'number';
  inputMode?: 'numeric' | 'decimal' | 'text';
  className?: string;
  placeholder?: string;
}) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(id, describedBy) => (
        <input
          id={id}
          type={type}
          inputMode={inputMode}
          value={value}
          placeholder={placeholder}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

/** A checkbox with its label and, below it, what it means. */
export function CheckField({ label, checked, onChange, hint }: { label: string; checked: boolean; onChange: (checked: boolean) => void; hint?: string }) {
  return (
    <label className="check">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>
        {label}
        {hint && <span className="sub">{hint}</span>}
      </span>
    </label>
  );
}

/**
 * Two or more outcomes to record (Completed / No-show, Attended / No-show): one button each, the recorded one
 * pressed. Choosing the pressed one again does nothing; choosing another corrects it. While one is being
 * recorded the buttons stay focusable (aria-disabled), so the keyboard keeps its place.
 */
export function Outcome<T extends string>({
  label,
  choices,
  value,
  busy,
  onChoose,
}: {
  label: string;
  /** `tone`: how the pressed button shows it (good green, bad red). */
  choices: readonly { value: T; name: string; tone?: 'good' | 'bad' }[];
  value: T | null;
  busy: boolean;
  /** May be async: the promise is left to settle (the handler shows its own errors). */
  onChoose: (value: T) => void | Promise<unknown>;
}) {
  return (
    <div className="outcome" role="group" aria-label={label}>
      {choices.map((choice) => (
        <button
          key={choice.value}
          type="button"
          className={choice.tone}
          aria-pressed={value === choice.value}
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy && value !== choice.value) void onChoose(choice.value);
          }}
        >
          {choice.name}
        </button>
      ))}
    </div>
  );
}

/** A question before something that cannot be undone: what will happen, and a button that says it. */
export function ConfirmDialog({
  title,
  children,
  confirm,
  busyLabel,
  keep,
  busy,
  error,
  onConfirm,
  onClose,
  returnFocusTo,
}: {
  title: string;
  children: ReactNode;
  confirm: string;
  busyLabel: string;
  keep: string;
  busy: boolean;
  error?: ApiError | string;
  /** May be async: the promise is left to settle (the handler shows its own errors). */
  onConfirm: () => void | Promise<unknown>;
  onClose: () => void;
  /** What to focus when the change takes away the button that opened it (see Dialog). */
  returnFocusTo?: string;
}) {
  return (
    <Dialog title={title} open onClose={onClose} returnFocusTo={returnFocusTo}>
      <div className="stack">
        {children}
        <ErrorText error={error} />
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            {keep}
          </button>
          <button type="button" className="danger" disabled={busy} onClick={() => void onConfirm()}>
            {busy ? busyLabel : confirm}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

/** What the last action did, in words, announced to screen readers. */
export function Flash({ message }: { message: string | undefined }) {
  return (
    <p className={message ? 'notice' : 'visually-hidden'} role="status">
      {message}
    </p>
  );
}

/** A secret shown once: its value, a Copy button and a warning. */
/**
 * The last step of a dialog that made a secret: what was made (`children`), the secret shown once with Copy
 * (none when `value` is null: nothing new to show), and Done.
 */
export function SecretStep({ children, label, value, note, onDone, className = 'stack' }: {
  children?: ReactNode;
  label: string;
  value: string | null;
  note?: ReactNode;
  onDone: () => void;
  className?: string;
}) {
  return (
    <div className={className}>
      {children}
      {value !== null && <SecretBox label={label} value={value} note={note} />}
      <div className="dialog-actions">
        <button type="button" className="primary" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}

export function SecretBox({ label, value, note }: { label: string; value: string; note?: ReactNode }) {
  const [copied, setCopied] = useState<string>();
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('Copied to the clipboard.');
    } catch {
      const field = document.getElementById(id) as HTMLInputElement | null;
      field?.select();
      setCopied('Copying is blocked here: the value is selected, press Ctrl+C.');
    }
  };
  return (
    <div className="secret" role="group" aria-label={label}>
      <label htmlFor={id}>{label}</label>
      <div className="secret-row">
        <input id={id} className="mono" readOnly value={value} onFocus={(e) => e.currentTarget.select()} data-testid="secret-value" />
        <button type="button" onClick={() => void copy()}>
          Copy
        </button>
      </div>
      <p className="warning" role="note">
        <strong>Shown only once.</strong> Copy it now and keep it somewhere safe: it cannot be shown again. {note}
      </p>
      <p role="status" aria-live="polite" className="hint">
        {copied}
      </p>
    </div>
  );
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export function formatDateTime(value: string | null | undefined, empty = '—'): string {
  if (!value) return empty;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTime.format(date);
}

/** `YYYY-MM-DD` as a date, without a timezone shift. */
export function formatDate(value: string | null | undefined, empty = '—'): string {
  if (!value) return empty;
  const [y, m, d] = value.slice(0, 10).split('-').map(Number);
  return y && m && d ? dateOnly.format(new Date(y, m - 1, d)) : value;
}

/** A LocalDateTime `YYYY-MM-DDTHH:MM:SS` as words, in the wall-clock time it states. */
export function formatLocal(value: string): string {
  const [date, time] = value.split('T');
  return `${formatDate(date)} ${time?.slice(0, 5) ?? ''}`.trim();
}

/** An amount typed in major units (`12`, `12.5`, `12.50`) in minor units, or null when it is not one. */
export function parseMoney(text: string): number | null {
  const trimmed = text.trim().replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  return Math.round(Number(trimmed) * 100);
}

/** Minor units as the text a money field starts with (`12.50`). */
export const moneyText = (base100: number): string => (base100 / 100).toFixed(2);

/** A whole number typed in a field, or null when it is not one. */
export function parseWhole(text: string): number | null {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}

export function money(base100: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(base100 / 100);
  } catch {
    return `${(base100 / 100).toFixed(2)} ${currency}`;
  }
}

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Studio console`;
  }, [title]);
  return (
    <div className="page-header">
      <h1 tabIndex={-1} id="page-title">
        {title}
      </h1>
      {children && <div className="page-actions">{children}</div>}
    </div>
  );
}

export function Pager({
  page,
  pageSize,
  total,
  onPage,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" onClick={() => onPage(page - 1)} disabled={page <= 0}>
        Previous page
      </button>
      <span>
        Page {page + 1} of {pages} · {total} in all
      </span>
      <button type="button" onClick={() => onPage(page + 1)} disabled={page + 1 >= pages}>
        Next page
      </button>
    </nav>
  );
}
