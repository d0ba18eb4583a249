import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
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
          <LoginField
            inputRef={usernameRef}
            label={t('login.username')}
            name="username"
            autoComplete="username"
            value={username}
            onChange={setUsername}
            error={fieldErrors.username}
          />
          <LoginField
            inputRef={passwordRef}
            label={t('login.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
            error={fieldErrors.password}
          />
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

interface LoginFieldProps {
  inputRef: RefObject<HTMLInputElement | null>;
  label: string;
  name: string;
  type?: 'text' | 'password';
  autoComplete: string;
  value: string;
  onChange(value: string): void;
  /** The message shown under the field and announced as its description. */
  error: string | undefined;
}

/** A labelled, required sign-in field whose error message describes it. */
function LoginField({ inputRef, label, name, type = 'text', autoComplete, value, onChange, error }: LoginFieldProps) {
  const id = useId();
  const errorId = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        {...(type === 'text' ? { autoCapitalize: 'none', spellCheck: false } : {})}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        aria-required="true"
      />
      {error && (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
