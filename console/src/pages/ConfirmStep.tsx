/**
 * The body of a dialog that asks before an action: what will happen, the refusal in words if there was one,
 * and Cancel beside the action's button (busy while it runs). Rotating and revoking API clients and v1
 * keys ask this way.
 */
import type { ReactNode } from 'react';
import type { ApiError } from '../api.ts';
import { ErrorText } from '../ui.tsx';

export function ConfirmStep({ children, error, busy, label, busyLabel, cancelLabel = 'Cancel', danger = false, onConfirm, onCancel }: {
  children: ReactNode;
  error: ApiError | undefined;
  busy: boolean;
  label: string;
  busyLabel: string;
  cancelLabel?: string;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <div className="stack">
      {children}
      <ErrorText error={error} />
      <div className="dialog-actions">
        <button type="button" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" className={danger ? 'danger' : 'primary'} onClick={onConfirm} disabled={busy}>
          {busy ? busyLabel : label}
        </button>
      </div>
    </div>
  );
}
