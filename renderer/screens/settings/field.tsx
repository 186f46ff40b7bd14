/** A labelled form field with its hint and the validation issues that belong to it. */
import type { ReactNode } from 'react';
import type { ValidationIssue } from '../../../preload/contract/index.ts';

interface FieldProps {
  readonly id: string;
  readonly label: string;
  readonly hint?: string;
  /** Something the engine reports about this field that is not a validation error (a hotkey the OS refused). */
  readonly warning?: string;
  readonly issues: readonly ValidationIssue[];
  /** Renders the control, given the ids to wire `aria-describedby` and `aria-invalid`. */
  readonly children: (a11y: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true }) => ReactNode;
}

/** One field. */
export function Field({ id, label, hint, warning, issues, children }: FieldProps) {
  const hintId = hint !== undefined ? `${id}-hint` : undefined;
  const errorId = issues.length > 0 ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${issues.length > 0 ? ' invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': issues.length > 0 ? true : undefined })}
      {hint !== undefined ? <small id={hintId}>{hint}</small> : null}
      {warning !== undefined ? (
        <small className="warn" role="status">
          {warning}
        </small>
      ) : null}
      {issues.length > 0 ? (
        <ul id={errorId} className="field-issues" role="alert">
          {issues.map((i) => (
            <li key={`${i.path}:${i.message}`}>{i.message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A checkbox with its label after it. */
export function Check({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <div className="check">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
