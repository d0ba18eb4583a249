import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type RefObject,
  type SyntheticEvent,
} from 'react';
import { ApiError } from '../api/api-errors.ts';
import type { TranslationKey } from '../i18n/keys.ts';
import styles from './login-page.module.css';

export interface LoginPageProps {
  /** Signs in; rejects with an ApiError (or anything) on failure. */
  onSignIn(username: string, password: string): Promise<void>;
  /** Shown above the form when the previous session expired (spec §4 SESSION_EXPIRED). */
  sessionExpired?: boolean;
  platformTitle: string;
  /** The translator: i18next's in the full app, a small one on the light sign-in entry. */
  t: Translate;
  /** Run-time config `forgotPasswordUrl`: the "Forgot password?" link; null or absent hides it. */
  forgotPasswordUrl?: string | null;
  /** Run-time config `ssoUrl`: the "Sign in with SSO" link; null or absent hides it. */
  ssoUrl?: string | null;
  /** Leaves for the identity provider with this tab's state (the link's own href carries none). */
  onSsoSignIn?(): void;
  /**
   * The form was submitted before this component took it over (the pre-rendered form in
   * index.html, before the script arrived): submit it once mounted, with what was typed.
   */
  submitOnMount?: boolean;
}

export type Translate = (key: TranslationKey, options?: Record<string, unknown>) => string;

type FieldErrors = { username?: string; password?: string };

/** When the services do not say how long to wait after a 429. */
const DEFAULT_RETRY_SECONDS = 60;

/** A failure as people read it: a translated sentence, never the API's or the browser's own text. */
function messageFor(error: unknown, t: Translate): string {
  if (error instanceof ApiError) {
    if (error.reason === 'PASSWORD_EXPIRED') return t('login.passwordExpired');
    switch (error.code) {
      case 'UNAUTHORIZED':
        return t('login.invalidCredentials');
      case 'NETWORK':
        return t('login.unreachable');
      default:
        return t('login.failed');
    }
  }
  return t('login.failed');
}

/** Seconds to wait after a throttled attempt (the 429's Retry-After), or null for another failure. */
function throttleSeconds(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== 'TOO_MANY_REQUESTS') return null;
  const seconds = error.retryAfter;
  return seconds !== undefined && Number.isFinite(seconds) && seconds > 0
    ? Math.ceil(seconds)
    : DEFAULT_RETRY_SECONDS;
}

/** Whole seconds left until `until` (a Date.now() time), ticking once a second; 0 when over or unset. */
function useCountdown(until: number | null): number {
  const left = () => (until === null ? 0 : Math.max(0, Math.ceil((until - Date.now()) / 1000)));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    if (until === null) return;
    const timer = setInterval(() => {
      const next = left();
      setSeconds(next);
      if (next === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `left` reads only `until`
  }, [until]);
  return seconds;
}

export function LoginPage({
  onSignIn,
  sessionExpired = false,
  platformTitle,
  t,
  forgotPasswordUrl = null,
  ssoUrl = null,
  onSsoSignIn,
  submitOnMount = false,
}: LoginPageProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // a throttled attempt (429): the button waits, with a live countdown, until the services allow one
  const [throttledUntil, setThrottledUntil] = useState<number | null>(null);
  const secondsLeft = useCountdown(throttledUntil);
  const throttled = throttledUntil !== null && secondsLeft > 0;
  const [expiredShown, setExpiredShown] = useState(false);
  useEffect(() => setExpiredShown(sessionExpired), [sessionExpired]);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const submitPending = useRef(submitOnMount);
  useEffect(() => {
    if (!submitPending.current) return;
    submitPending.current = false;
    formRef.current?.requestSubmit();
  }, []);

  async function handleSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || throttled) return;
    // the fields' own values: the same as the state once React runs them, and also right when a
    // submit made before hydration is replayed, in the same tick as the fields are adopted
    const typedUsername = usernameRef.current?.value ?? username;
    const typedPassword = passwordRef.current?.value ?? password;
    const errors: FieldErrors = {};
    if (typedUsername.trim() === '') errors.username = t('login.usernameRequired');
    if (typedPassword === '') errors.password = t('login.passwordRequired');
    setFieldErrors(errors);
    if (errors.username || errors.password) {
      setError(null);
      (errors.username ? usernameRef : passwordRef).current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    setThrottledUntil(null);
    try {
      await onSignIn(typedUsername.trim(), typedPassword);
    } catch (caught) {
      const wait = throttleSeconds(caught);
      if (wait !== null) setThrottledUntil(Date.now() + wait * 1000);
      else setError(messageFor(caught, t));
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
        {sessionExpired && (
          // the one "session expired" message (no toast beside it); its live region is in the page
          // before its text, so that screen readers announce it
          <p className={expiredShown && !error ? styles.notice : styles.alertEmpty} role="status">
            {expiredShown && !error ? t('login.sessionExpired') : null}
          </p>
        )}
        <div
          role="alert"
          className={error || throttledUntil !== null ? styles.alert : styles.alertEmpty}
        >
          {throttledUntil === null ? (
            error
          ) : throttled ? (
            <span className={styles.countdown}>
              {t('login.throttled', { seconds: secondsLeft })}
            </span>
          ) : (
            t('login.tryAgainNow')
          )}
        </div>
        {/* method="dialog" outside a dialog: a submit without a script goes nowhere (no GET that
            would put the password in the address), and the page's first script records it */}
        <form
          ref={formRef}
          method="dialog"
          onSubmit={handleSubmit}
          noValidate
          className={styles.form}
        >
          <LoginField
            name="username"
            autoFocus
            inputRef={usernameRef}
            label={t('login.username')}
            value={username}
            onChange={setUsername}
            error={fieldErrors.username}
          />
          <LoginField
            name="password"
            inputRef={passwordRef}
            label={t('login.password')}
            value={password}
            onChange={setPassword}
            error={fieldErrors.password}
          />
          <button
            type="submit"
            className={styles.submit}
            aria-busy={busy}
            aria-disabled={busy}
            disabled={throttled}
          >
            {t('login.submit')}
            {busy && <span className={styles.spinner} aria-hidden="true" />}
          </button>
          {busy && (
            <p className={styles.busy} role="status">
              {t('login.submitting')}
            </p>
          )}
          {forgotPasswordUrl && (
            <a className={styles.forgot} href={forgotPasswordUrl}>
              {t('login.forgotPassword')}
            </a>
          )}
        </form>
        {ssoUrl && (
          // a link, since it leaves for another page; the click adds this tab's state first
          <a
            className={styles.sso}
            href={ssoUrl}
            onClick={(event) => {
              if (!onSsoSignIn || event.button !== 0 || event.metaKey || event.ctrlKey) return;
              event.preventDefault();
              onSsoSignIn();
            }}
          >
            {t('login.ssoSignIn')}
          </a>
        )}
      </section>
    </main>
  );
}

/** What each sign-in field is, by its name: its input type and the browser's autofill token. */
const LOGIN_FIELDS = {
  username: { type: 'text', autoComplete: 'username' },
  password: { type: 'password', autoComplete: 'current-password' },
} as const;

interface LoginFieldProps {
  inputRef: RefObject<HTMLInputElement | null>;
  label: string;
  name: keyof typeof LOGIN_FIELDS;
  value: string;
  onChange(value: string): void;
  /** The message shown under the field and announced as its description. */
  error: string | undefined;
  /** Focused when the page opens (the `autofocus` attribute of the pre-rendered form). */
  autoFocus?: boolean;
}

/** A labelled, required sign-in field whose error message describes it. */
function LoginField({
  inputRef,
  label,
  name,
  value,
  onChange,
  error,
  autoFocus = false,
}: LoginFieldProps) {
  const { type, autoComplete } = LOGIN_FIELDS[name];
  const id = useId();
  const errorId = useId();
  // What was typed into the pre-rendered field before React took it over is kept: hydration leaves
  // the field's value alone, and this makes it the state before any render could write '' over it.
  useLayoutEffect(() => {
    const typed = inputRef.current?.value ?? '';
    if (typed !== value) onChange(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the field is taken over
  }, []);
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        className="text-field"
        id={id}
        autoFocus={autoFocus}
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
