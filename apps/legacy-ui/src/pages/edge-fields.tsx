// The edge pages' own form fields: a scheduled rule's cron expression with its next runs in the
// tenant's time zone while one types, and a JSON value checked against its kind's schema (a stream
// app's configuration, a device profile's settings) with that kind's settings listed, an example to
// start from, and the services' schema problems at their JSON pointers.
import { useMemo } from 'react';
import {
  DEVICE_PROFILE_EXAMPLES,
  STREAM_APP_EXAMPLES,
  deviceProfileSettings,
  isDeviceKind,
  isStreamAppKind,
  streamAppSettings,
} from '@portico/core';
import type { AppSetting } from '@portico/core';
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

/** What a schema-checked JSON field of a resource is checked against. */
interface SchemaSource {
  /** The field naming the kind (`appKind`, `deviceKind`). */
  kindField: string;
  settings(kind: string): AppSetting[];
  example(kind: string): Readonly<Record<string, unknown>> | null;
  /** The line above the settings. */
  title: 'config.settingsOf' | 'config.settingsOfDevice';
}

const SCHEMA_SOURCES: Readonly<Record<string, SchemaSource>> = {
  streamApp: {
    kindField: 'appKind',
    settings: streamAppSettings,
    example: (kind) => (isStreamAppKind(kind) ? STREAM_APP_EXAMPLES[kind] : null),
    title: 'config.settingsOf',
  },
  deviceProfile: {
    kindField: 'deviceKind',
    settings: deviceProfileSettings,
    example: (kind) => (isDeviceKind(kind) ? DEVICE_PROFILE_EXAMPLES[kind] : null),
    title: 'config.settingsOfDevice',
  },
};

/** The kind a form's values give a schema-checked field of `resource` (`''`: none chosen). */
export function schemaKindOf(resource: string, values: Readonly<Record<string, string>>): string {
  const source = SCHEMA_SOURCES[resource];
  return source ? (values[source.kindField] ?? '') : '';
}

/**
 * A JSON value checked against its kind's schema (a stream app's configuration, a device profile's
 * settings): the settings of the chosen kind and an example to start from.
 */
export function AppConfigField({
  input,
  resource,
  kind,
  onChange,
  errorId,
}: {
  input: InputProps;
  /** The API path of the form's resource (`streamApp`, `deviceProfile`). */
  resource: string;
  kind: string;
  onChange: (value: string) => void;
  errorId?: string;
}) {
  const { t, enumLabel } = useLegacy();
  const hintId = `${input.id}-hint`;
  const source = SCHEMA_SOURCES[resource];
  const example = source?.example(kind) ?? null;
  const settings = source?.settings(kind) ?? [];
  return (
    <>
      <textarea
        {...input}
        rows={7}
        spellCheck={false}
        className="code-input"
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ')}
      />
      {source && example ? (
        <div id={hintId} className="form-hint app-settings">
          <p>{t(source.title, { app: enumLabel(kind) })}</p>
          <ul>
            {settings.map((setting) => (
              <li key={setting.name}>
                <code>{setting.name}</code>{' '}
                {setting.values ? (
                  t('config.oneOf', { values: setting.values.map(String).join(', ') })
                ) : (
                  <code>{setting.type}</code>
                )}
                {setting.required ? ` (${t('config.required')})` : null}
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="secondary"
            disabled={input.disabled}
            onClick={() => onChange(JSON.stringify(example, null, 2))}
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
