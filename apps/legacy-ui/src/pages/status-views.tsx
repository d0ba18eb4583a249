// Loading and failure states: a spinner or skeleton while waiting (aria-busy), a translated sentence
// with Retry when the API is down or failed, never an endless "Loading…".
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { useLegacy } from '../legacy-context.tsx';

/** A small spinner; the text beside it says what is loading. */
export function Spinner() {
  return <span className="spinner" aria-hidden="true" />;
}

/** A failure with what happened and a way to try again. */
export function ErrorPanel({
  title,
  message,
  onRetry,
}: {
  title?: string;
  message: string;
  onRetry?: () => void;
}) {
  const { t } = useLegacy();
  return (
    <div className="error-panel" role="alert">
      {title ? <p className="error-title">{title}</p> : null}
      <p>{message}</p>
      {onRetry ? (
        <button type="button" className="secondary" onClick={onRetry}>
          {t('app.retry')}
        </button>
      ) : null}
    </div>
  );
}

/** A form-shaped placeholder while a record loads. */
export function FormSkeleton({ label }: { label: string }) {
  return (
    <div className="form-skeleton" role="status" aria-busy="true" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      {[0, 1, 2].map((index) => (
        <span key={index} className="skeleton skeleton-field" aria-hidden="true" />
      ))}
    </div>
  );
}

/** A page the user may not see: which page, and that it is refused. */
export function NoPermission({ page }: { page: string }) {
  const { t } = useLegacy();
  return <ErrorPanel message={t('app.noPermissionPage', { page })} />;
}

/** A page's data that failed to load, with Retry: its record, or with `list` its list. */
export function LoadFailed({
  message,
  onRetry,
  list = false,
}: {
  message: string;
  onRetry: () => void;
  list?: boolean;
}) {
  const { t } = useLegacy();
  return (
    <ErrorPanel
      title={t(list ? 'list.loadFailed' : 'form.loadFailed')}
      message={message}
      onRetry={onRetry}
    />
  );
}

/** A page's data on its way: a busy status line saying what loads ("Loading the licence…"). */
export function LoadingHint({ children }: { children: ReactNode }) {
  return (
    <p className="form-hint" role="status" aria-busy="true">
      {children}
    </p>
  );
}

/** What an action did, read out politely (an empty line until it has something to say). */
export function StatusLine({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="form-hint">
      {children}
    </p>
  );
}

/** Why an action failed, read out at once; nothing when it did not. */
export function FormError({ message }: { message: ReactNode }) {
  return message ? (
    <p className="form-error" role="alert">
      {message}
    </p>
  ) : null;
}

/** What a page's last action did, then why it failed (a page of actions ends with these two). */
export function ActionOutcome({ status, error }: { status: ReactNode; error: ReactNode }) {
  return (
    <>
      <StatusLine>{status}</StatusLine>
      <FormError message={error} />
    </>
  );
}

/**
 * A button whose work is running: disabled and aria-busy meanwhile, saying `busyLabel` instead of
 * its own words (Export, Delete 3, Apply). `type` is "button" unless given.
 */
export function BusyButton({
  busy,
  busyLabel,
  disabled,
  type = 'button',
  children,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { busy: boolean; busyLabel: string }) {
  return (
    <button {...rest} type={type} disabled={busy || disabled} aria-busy={busy || undefined}>
      {busy ? busyLabel : children}
    </button>
  );
}
