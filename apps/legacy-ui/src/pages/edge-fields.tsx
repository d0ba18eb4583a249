// The edge pages' own form fields: a scheduled rule's cron expression with its next runs in the
// tenant's time zone while one types, and a stream app's configuration with its kind's settings
// listed, an example to start from, and the services' schema problems at their JSON pointers.
import { useMemo } from 'react';
import { STREAM_APP_EXAMPLES, isStreamAppKind, streamAppSettings } from '@portico/core';
import type { SchemaProblem } from '../api-client.ts';
import { useLegacy } from '../legacy-context.tsx';
import { CRON_PROBLEM_KEYS, describeSchemaProblem } from '../messages.ts';
import { cronPreview } from './cron-preview.ts';

/** The input's own props, as the form builds them for every field. */
interface InputProps {
  id: string;
  name: string;
  value: string;
  disabled: boolean;
  required: boolean;
  'aria-invalid'?: boolean;
  onChange: (event: { target: { value: string } }) => void;
}

/** A cron expression and, under it, why it is refused or its next five runs. */
export function CronField({ input, errorId }: { input: InputProps; errorId?: string }) {
  const { t, preferences } = useLegacy();
  const hintId = `${input.id}-hint`;
  const previewId = `${input.id}-preview`;
  // the runs after the moment of typing: recomputed as the expression changes
  const preview = useMemo(
    () => cronPreview(input.value, preferences, Date.now()),
    [input.value, preferences],
  );
  return (
    <>
      <input
        {...input}
        type="text"
        className="cron-input"
        autoComplete="off"
        spellCheck={false}
        aria-describedby={[hintId, previewId, errorId].filter(Boolean).join(' ')}
      />
      <span id={hintId} className="form-hint">
        {t('cron.hint')}
      </span>
      <div id={previewId} className="cron-preview" aria-live="polite">
        {preview.kind === 'problem' ? (
          <p className="cron-problem">{t(CRON_PROBLEM_KEYS[preview.code])}</p>
        ) : preview.kind === 'runs' ? (
          <>
            <p className="form-hint">{t('cron.nextRuns', { zone: preferences.timeZone })}</p>
            <ol className="cron-runs">
              {preview.runs.map((run, index) => (
                <li key={preview.at[index]}>
                  <time dateTime={preview.at[index]}>{run}</time>
                </li>
              ))}
            </ol>
          </>
        ) : null}
      </div>
    </>
  );
}

/** A stream app's configuration (JSON), the settings of the chosen kind, an example to start from. */
export function AppConfigField({
  input,
  appKind,
  onChange,
  errorId,
}: {
  input: InputProps;
  appKind: string;
  onChange: (value: string) => void;
  errorId?: string;
}) {
  const { t, enumLabel } = useLegacy();
  const hintId = `${input.id}-hint`;
  const settings = streamAppSettings(appKind);
  return (
    <>
      <textarea
        {...input}
        rows={7}
        spellCheck={false}
        className="code-input"
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ')}
      />
      {isStreamAppKind(appKind) ? (
        <div id={hintId} className="form-hint app-settings">
          <p>{t('config.settingsOf', { app: enumLabel(appKind) })}</p>
          <ul>
            {settings.map((setting) => (
              <li key={setting.name}>
                <code>{setting.name}</code>{' '}
                {setting.values
                  ? t('config.oneOf', { values: setting.values.map(String).join(', ') })
                  : setting.type}
                {setting.required ? ` (${t('config.required')})` : null}
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="secondary"
            disabled={input.disabled}
            onClick={() => onChange(JSON.stringify(STREAM_APP_EXAMPLES[appKind], null, 2))}
          >
            {t('config.example')}
          </button>
        </div>
      ) : null}
    </>
  );
}

/** The services' problems of a JSON value, each at its pointer. */
export function SchemaProblems({ problems }: { problems: readonly SchemaProblem[] }) {
  const { t } = useLegacy();
  if (problems.length === 0) return null;
  return (
    <ul className="field-error schema-problems">
      {problems.map((problem, index) => (
        <li key={`${problem.pointer} ${problem.keyword} ${index}`}>
          <code>{problem.pointer}</code> {describeSchemaProblem(t, problem)}
        </li>
      ))}
    </ul>
  );
}
