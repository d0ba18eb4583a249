import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  checkPasswordRules,
  passwordProblemOf,
  type PasswordProblem,
} from '@portico/core';
import { ApiError } from '../api/api-errors.ts';
import { useAppServices } from '../lib/app-context.ts';
import { notify } from '../lib/notifications.ts';
import { useAppSelector } from '../store/hooks.ts';
import styles from './dialog.module.css';
import { FormDialog } from './form-dialog.tsx';

/**
 * One's own new password, from the user menu (every signed-in user, unlike Settings, which needs the
 * tenants permission): the current password and the new one, checked against the
 * services' rule (core's) before sending; the services' refusal is named by its rule too. Any
 * signed-in user may do it (no user:u); the other sessions of the account end, this one goes on.
 */
export default function PasswordDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const { api } = useAppServices();
  const user = useAppSelector((state) => state.session.user);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<{ current?: string; next?: string; form?: string }>({});
  const [saving, setSaving] = useState(false);
  if (!user) return null;

  const ruleText = (problem: PasswordProblem) =>
    t(`settings.password.${problem}`, { min: MIN_PASSWORD_LENGTH, max: MAX_PASSWORD_LENGTH });

  async function handleSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!user) return;
    const found: typeof errors = {};
    if (current === '') found.current = t('settings.password.required');
    const problem = checkPasswordRules(next, user.username);
    if (problem) found.next = ruleText(problem);
    setErrors(found);
    if (found.current || found.next) return;
    setSaving(true);
    try {
      await api.changeOwnPassword(user.id, current, next);
      notify('success', t('settings.password.changed'));
      onClose();
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 400) {
        const rule = passwordProblemOf(caught.fields.newPassword ?? '');
        setErrors({
          current: caught.fields.currentPassword
            ? t(
                caught.fields.currentPassword === 'required'
                  ? 'settings.password.required'
                  : 'settings.password.wrongCurrent',
              )
            : undefined,
          next: rule ? ruleText(rule) : undefined,
        });
      } else if (caught instanceof ApiError && caught.status === 429) {
        setErrors({ form: t('settings.password.tooMany', { seconds: caught.retryAfter ?? 60 }) });
      } else {
        setErrors({ form: t('settings.password.failed') });
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormDialog
      title={t('settings.password.title')}
      description={t('settings.password.description')}
      onClose={onClose}
      onSubmit={handleSubmit}
      saving={saving}
      saveLabel={t('settings.password.save')}
      error={errors.form}
      noValidate
    >
      <PasswordField
        label={t('settings.password.current')}
        autoComplete="current-password"
        value={current}
        onChange={setCurrent}
        error={errors.current}
      />
      <PasswordField
        label={t('settings.password.new')}
        autoComplete="new-password"
        value={next}
        onChange={setNext}
        hint={t('settings.password.rule', { min: MIN_PASSWORD_LENGTH })}
        error={errors.next}
      />
    </FormDialog>
  );
}

/** A password input with its label, an optional hint under it and its error, all tied by ids. */
function PasswordField({
  label,
  autoComplete,
  value,
  onChange,
  hint,
  error,
}: {
  label: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange(value: string): void;
  hint?: string;
  error: string | undefined;
}) {
  const id = useId();
  const hintId = useId();
  const errorId = useId();
  const describedBy = [hint ? hintId : undefined, error ? errorId : undefined]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="password"
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
