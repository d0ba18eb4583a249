import { useEffect, useId, useMemo, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CALENDAR_FORMATS,
  DATE_FORMATS,
  DEFAULT_TIME_ZONE,
  SUPPORTED_LANGUAGES,
  filterTimeZoneGroups,
  formatDateTime,
  groupTimeZones,
  isValidTimeZone,
} from '@portico/core';
import { ApiError } from '../api/api-errors.ts';
import type { EditableUserField } from '../api/platform-api.ts';
import { useAppServices } from '../lib/app-context.ts';
import { notify } from '../lib/notifications.ts';
import { i18n, setLanguage as loadLanguage } from '../i18n/i18n.ts';
import { useAppSelector } from '../store/hooks.ts';
import { useBusy } from '../updates/use-busy.ts';
import { AccessExplanation } from './access-explanation.tsx';
import { ApiKeysSection } from './api-keys-section.tsx';
import styles from './dialog.module.css';
import { FormDialog } from './form-dialog.tsx';

function knownZones(current: string): string[] {
  const zones =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [current, DEFAULT_TIME_ZONE, 'UTC', ...zones].filter(isValidTimeZone);
}

export default function SettingsDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const { session } = useAppServices();
  useBusy('settings dialog'); // no version reload while the form is open
  const config = useAppSelector((state) => state.config);
  const [timeZone, setTimeZone] = useState(config.timeZone);
  const [zoneQuery, setZoneQuery] = useState('');
  const [dateFormat, setDateFormat] = useState(config.dateFormat);
  const [calendarFormat, setCalendarFormat] = useState(config.calendarFormat);
  const [language, setLanguage] = useState(config.language);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [now, setNow] = useState(() => new Date());
  const ids = {
    tz: useId(),
    tzSearch: useId(),
    tzCount: useId(),
    df: useId(),
    lang: useId(),
    err: useId(),
  };

  // the preview is a clock: it follows the minutes while the dialog is open
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 15_000);
    return () => clearInterval(timer);
  }, []);

  const groups = useMemo(
    () => groupTimeZones(knownZones(config.timeZone), now),
    [config.timeZone, now],
  );
  const shown = useMemo(() => {
    const matches = filterTimeZoneGroups(groups, zoneQuery);
    // the chosen zone stays in the list (a select's value must be one of its options)
    if (matches.some((group) => group.zones.some((zone) => zone.id === timeZone))) return matches;
    const chosen = groups.find((group) => group.zones.some((zone) => zone.id === timeZone));
    return chosen
      ? [
          { region: chosen.region, zones: chosen.zones.filter((zone) => zone.id === timeZone) },
          ...matches,
        ]
      : matches;
  }, [groups, zoneQuery, timeZone]);
  const matchCount = filterTimeZoneGroups(groups, zoneQuery).reduce(
    (sum, group) => sum + group.zones.length,
    0,
  );

  const preview = formatDateTime(now, { timeZone, dateFormat, calendarFormat });

  async function handleSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isValidTimeZone(timeZone)) {
      setError(t('settings.invalidTimeZone'));
      return;
    }
    const changes: Partial<Record<EditableUserField, string>> = {};
    if (timeZone !== config.timeZone) changes.timeZoneConfiguration = timeZone;
    if (dateFormat !== config.dateFormat) changes.dateFormatConfiguration = dateFormat;
    if (calendarFormat !== config.calendarFormat)
      changes.calendarFormatConfiguration = calendarFormat;
    if (language !== config.language) changes.language = language;
    if (Object.keys(changes).length === 0) {
      notify('info', t('settings.unchanged'));
      onClose();
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await session.updateUserFields(changes);
      // the toast speaks the language just chosen, and says what was saved
      const saved = await loadLanguage(language);
      const tt = i18n.getFixedT(saved);
      const parts = [
        changes.timeZoneConfiguration && `${tt('settings.timeZone')} (${timeZone})`,
        changes.dateFormatConfiguration && `${tt('settings.dateFormat')} (${dateFormat})`,
        changes.calendarFormatConfiguration &&
          `${tt('settings.calendarFormat')} (${tt(calendarFormat === '12h' ? 'settings.calendar12h' : 'settings.calendar24h')})`,
        changes.language && `${tt('settings.language')} (${tt(`languages.${saved}`)})`,
      ].filter(Boolean);
      notify('success', tt('settings.saved', { changes: parts.join(', ') }));
      onClose();
    } catch (caught) {
      setError(
        caught instanceof ApiError && caught.code === 'FORBIDDEN'
          ? t('settings.saveForbidden')
          : t('settings.saveFailed'),
      );
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormDialog
      title={t('settings.title')}
      description={t('settings.description')}
      onClose={onClose}
      onSubmit={handleSubmit}
      saving={saving}
      saveLabel={t('settings.save')}
      error={error ?? undefined}
      errorId={ids.err}
      footer={
        <>
          <AccessExplanation />
          <ApiKeysSection />
        </>
      }
    >
      <div className={styles.field}>
        <label htmlFor={ids.tzSearch}>{t('settings.timeZoneSearch')}</label>
        <input
          id={ids.tzSearch}
          type="search"
          value={zoneQuery}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={ids.tzCount}
          onChange={(event) => {
            const query = event.target.value;
            setZoneQuery(query);
            // the first match becomes the choice, so typing a city and saving just works
            const first = filterTimeZoneGroups(groups, query)[0]?.zones[0];
            if (query.trim() !== '' && first) setTimeZone(first.id);
          }}
        />
        <p id={ids.tzCount} className={styles.hint} aria-live="polite">
          {zoneQuery.trim() === ''
            ? ''
            : matchCount === 0
              ? t('settings.timeZoneNone')
              : t('settings.timeZoneMatches', { count: matchCount })}
        </p>
        <label htmlFor={ids.tz}>{t('settings.timeZone')}</label>
        <select id={ids.tz} value={timeZone} onChange={(event) => setTimeZone(event.target.value)}>
          {shown.map((group) => (
            <optgroup key={group.region} label={t(`settings.regions.${group.region}`)}>
              {group.zones.map((zone) => (
                <option key={zone.id} value={zone.id}>
                  {`${zone.place} (${zone.offset})`}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor={ids.df}>{t('settings.dateFormat')}</label>
        <select
          id={ids.df}
          value={dateFormat}
          onChange={(event) => setDateFormat(event.target.value)}
        >
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
            <input
              type="radio"
              name="calendarFormat"
              value={format}
              checked={calendarFormat === format}
              onChange={() => setCalendarFormat(format)}
            />{' '}
            {t(format === '12h' ? 'settings.calendar12h' : 'settings.calendar24h')}
          </label>
        ))}
      </fieldset>
      <div className={styles.field}>
        <label htmlFor={ids.lang}>{t('settings.language')}</label>
        <select
          id={ids.lang}
          value={language}
          onChange={(event) => setLanguage(event.target.value)}
        >
          {SUPPORTED_LANGUAGES.map((code) => (
            <option key={code} value={code} lang={code}>
              {t(`languages.${code}`)}
            </option>
          ))}
        </select>
      </div>
      <p className={styles.hint} aria-live="polite" data-testid="settings-preview">
        {t('settings.preview', { value: preview })}
      </p>
    </FormDialog>
  );
}
