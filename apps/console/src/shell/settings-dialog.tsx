import * as Dialog from '@radix-ui/react-dialog';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CALENDAR_FORMATS, DATE_FORMATS, SUPPORTED_LANGUAGES, isValidTimeZone } from '@portico/core';
import { ApiError } from '../api/api-errors.ts';
import type { EditableUserField } from '../api/platform-api.ts';
import { useAppServices } from '../app/app-context.ts';
import { notify } from '../app/notifications.ts';
import { useAppSelector } from '../store/hooks.ts';
import { useBusy } from '../updates/use-busy.ts';
import { AccessExplanation } from './access-explanation.tsx';
import styles from './dialog.module.css';

function timeZones(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([current, 'EST5EDT', 'UTC', ...zones])].filter(isValidTimeZone).sort();
}

export default function SettingsDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const { session } = useAppServices();
  useBusy('settings dialog'); // no version reload while the form is open
  const config = useAppSelector((state) => state.config);
  const [timeZone, setTimeZone] = useState(config.timeZone);
  const [dateFormat, setDateFormat] = useState(config.dateFormat);
  const [calendarFormat, setCalendarFormat] = useState(config.calendarFormat);
  const [language, setLanguage] = useState(config.language);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const zones = useMemo(() => timeZones(config.timeZone), [config.timeZone]);
  const ids = { tz: useId(), df: useId(), lang: useId(), err: useId() };

  const preview = useMemo(() => {
    try {
      return new Intl.DateTimeFormat(language, { timeZone, dateStyle: 'medium', timeStyle: 'short', hour12: calendarFormat === '12h' }).format(new Date());
    } catch {
      return '';
    }
  }, [timeZone, language, calendarFormat]);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!isValidTimeZone(timeZone)) {
      setError(t('settings.invalidTimeZone'));
      return;
    }
    const changes: Partial<Record<EditableUserField, string>> = {};
    if (timeZone !== config.timeZone) changes.timeZoneConfiguration = timeZone;
    if (dateFormat !== config.dateFormat) changes.dateFormatConfiguration = dateFormat;
    if (calendarFormat !== config.calendarFormat) changes.calendarFormatConfiguration = calendarFormat;
    if (language !== config.language) changes.language = language;
    setSaving(true);
    setError(null);
    try {
      await session.updateUserFields(changes);
      notify('success', t('settings.saved'), { id: 'settings-saved' });
      onClose();
    } catch (caught) {
      const message = caught instanceof ApiError ? (Object.values(caught.fields)[0] ?? caught.message) : String(caught);
      setError(t('settings.saveFailed', { message }));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.content}>
          <Dialog.Title className={styles.title}>{t('settings.title')}</Dialog.Title>
          <Dialog.Description className={styles.description}>{t('settings.description')}</Dialog.Description>
          <form className={styles.form} onSubmit={handleSubmit} aria-describedby={error ? ids.err : undefined}>
            <div className={styles.field}>
              <label htmlFor={ids.tz}>{t('settings.timeZone')}</label>
              <select id={ids.tz} value={timeZone} onChange={(event) => setTimeZone(event.target.value)}>
                {zones.map((zone) => (
                  <option key={zone} value={zone}>
                    {zone}
                  </option>
                ))}
              </select>
            </div>
            <div className={styles.field}>
              <label htmlFor={ids.df}>{t('settings.dateFormat')}</label>
              <select id={ids.df} value={dateFormat} onChange={(event) => setDateFormat(event.target.value)}>
                {DATE_FORMATS.map((format) => (
                  <option key={format} value={format}>
                    {format}
                  </option>
                ))}
              </select>
            </div>
            <fieldset className={`${styles.field} ${styles.fieldset}`}>
              <legend>{t('settings.calendarFormat')}</legend>
              {CALENDAR_FORMATS.map((format) => (
                <label key={format}>
                  <input type="radio" name="calendarFormat" value={format} checked={calendarFormat === format} onChange={() => setCalendarFormat(format)} />{' '}
                  {t(format === '12h' ? 'settings.calendar12h' : 'settings.calendar24h')}
                </label>
              ))}
            </fieldset>
            <div className={styles.field}>
              <label htmlFor={ids.lang}>{t('settings.language')}</label>
              <select id={ids.lang} value={language} onChange={(event) => setLanguage(event.target.value)}>
                {SUPPORTED_LANGUAGES.map((code) => (
                  <option key={code} value={code} lang={code}>
                    {t(`languages.${code}`)}
                  </option>
                ))}
              </select>
            </div>
            <p className={styles.hint} aria-live="polite">
              {t('settings.preview', { value: preview })}
            </p>
            {error && (
              <p id={ids.err} className={styles.error} role="alert">
                {error}
              </p>
            )}
            <div className={styles.actions}>
              <Dialog.Close type="button" className={styles.secondary}>
                {t('settings.cancel')}
              </Dialog.Close>
              <button type="submit" className={styles.primary} aria-busy={saving} disabled={saving}>
                {saving ? t('settings.saving') : t('settings.save')}
              </button>
            </div>
          </form>
          <AccessExplanation />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
