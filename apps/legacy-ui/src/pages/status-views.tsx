// Loading and failure states: a spinner or skeleton while waiting (aria-busy), a translated sentence
// with Retry when the API is down or failed, never an endless "Loading…".
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
