import { useId, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../api/api-errors.ts';
import styles from './login-page.module.css';

export interface LoginPageProps {
  /** Signs in; rejects with an ApiError (or anything) on failure. */
  onSignIn(username: string, password: string): Promise<void>;
  /** Shown above the form when the previous session expired (spec §4 SESSION_EXPIRED). */
  sessionExpired?: boolean;
  platformTitle: string;
  /** The translator: i18next's in the full app, a small one on the light sign-in entry. */
  t: Translate;
}

export type Translate = (key: string, options?: Record<string, unknown>) => string;

type FieldErrors = { username?: string; password?: string };

function messageFor(error: unknown, t: Translate): string {
  if (error instanceof ApiError) {
    switch (error.code) {
      case 'UNAUTHORIZED':
        return t('login.invalidCredentials');
      case 'NETWORK':
        return t('login.unreachable');
      case 'TOO_MANY_REQUESTS':
        return t('login.throttled', { seconds: error.retryAfter ?? 60 });
      default:
        return t('login.failed', { message: error.message });
    }
  }
  return t('login.failed', { message: error instanceof Error ? error.message : String(error) });
}

export function LoginPage({ onSignIn, sessionExpired = false, platformTitle, t }: LoginPageProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const ids = { username: useId(), password: useId(), usernameError: useId(), passwordError: useId() };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const errors: FieldErrors = {};
    if (username.trim() === '') errors.username = t('login.usernameRequired');
    if (password === '') errors.password = t('login.passwordRequired');
    setFieldErrors(errors);
    if (errors.username || errors.password) {
      setError(null);
      (errors.username ? usernameRef : passwordRef).current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSignIn(username.trim(), password);
    } catch (caught) {
      setError(messageFor(caught, t));
      passwordRef.current?.select();
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="login-heading">
        <p className={styles.brand}>{platformTitle}</p>
        <h1 id="login-heading" className={styles.heading}>
          {t('login.heading')}
        </h1>
        {sessionExpired && !error && (
          <p className={styles.notice} role="status">
            {t('login.sessionExpired')}
          </p>
        )}
        <div role="alert" className={error ? styles.alert : styles.alertEmpty}>
          {error}
        </div>
        <form onSubmit={handleSubmit} noValidate className={styles.form}>
          <div className={styles.field}>
            <label htmlFor={ids.username}>{t('login.username')}</label>
            <input
              ref={usernameRef}
              id={ids.username}
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              aria-invalid={fieldErrors.username ? true : undefined}
              aria-describedby={fieldErrors.username ? ids.usernameError : undefined}
              aria-required="true"
            />
            {fieldErrors.username && (
              <p id={ids.usernameError} className={styles.fieldError}>
                {fieldErrors.username}
              </p>
            )}
          </div>
          <div className={styles.field}>
            <label htmlFor={ids.password}>{t('login.password')}</label>
            <input
              ref={passwordRef}
              id={ids.password}
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              aria-invalid={fieldErrors.password ? true : undefined}
              aria-describedby={fieldErrors.password ? ids.passwordError : undefined}
              aria-required="true"
            />
            {fieldErrors.password && (
              <p id={ids.passwordError} className={styles.fieldError}>
                {fieldErrors.password}
              </p>
            )}
          </div>
          <button type="submit" className={styles.submit} aria-busy={busy} aria-disabled={busy}>
            {t('login.submit')}
            {busy && <span className={styles.spinner} aria-hidden="true" />}
          </button>
          {busy && (
            <p className={styles.busy} role="status">
              {t('login.submitting')}
            </p>
          )}
        </form>
      </section>
    </main>
  );
}
