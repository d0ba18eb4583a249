// A trained model's own parts of its form: its metrics as rows of name and value, its status with
// only the moves core allows, and its file (upload with progress and checksum, download).
import { useId, useRef, useState } from 'react';
import { MAX_METRICS, MAX_TRAINED_MODEL_BYTES } from '@portico/core';
import { ApiError } from '../api-client.ts';
import type { ApiRow } from '../api-client.ts';
import { useLegacy } from '../legacy-context.tsx';
import { describeError } from '../messages.ts';
import { formatDateTime } from '@portico/core';
import { fileProblem, formatBytes, metricRows, sha256Hex, statusChoices } from './model-state.ts';
import type { MetricRow } from './model-state.ts';
import { FormError } from './status-views.tsx';
import { download } from './download.tsx';
import type { GroupFieldProps } from './form-parts.tsx';
import { useBusyAction } from './use-busy-action.ts';

/** The metrics field: a row per metric (name, value, remove), and a button to add one. */
export function MetricsField(props: GroupFieldProps) {
  const { id, legend, value, onChange, disabled, errorId } = props;
  const { t } = useLegacy();
  const rows = metricRows(value);
  const hintId = `${id}-hint`;
  const addRef = useRef<HTMLButtonElement>(null);
  const set = (next: readonly MetricRow[]) => onChange(JSON.stringify(next));
  return (
    <fieldset
      className="field metrics-field"
      aria-describedby={[hintId, errorId].filter(Boolean).join(' ')}
    >
      <legend>{legend}</legend>
      <p id={hintId} className="form-hint">
        {t('metrics.hint', { max: MAX_METRICS })}
      </p>
      {rows.length === 0 ? <p className="not-set">{t('metrics.none')}</p> : null}
      {rows.map(([name, text], index) => {
        const label = name.trim() === '' ? String(index + 1) : name;
        return (
          <div className="metric-row" key={index}>
            <span className="metric-part">
              <label htmlFor={`${id}-${index}-name`}>{t('metrics.name')}</label>
              <input
                id={`${id}-${index}-name`}
                type="text"
                value={name}
                disabled={disabled}
                autoComplete="off"
                spellCheck={false}
                onChange={(event) =>
                  set(rows.map((row, i) => (i === index ? [event.target.value, row[1]] : row)))
                }
              />
            </span>
            <span className="metric-part">
              <label htmlFor={`${id}-${index}-value`}>{t('metrics.value')}</label>
              <input
                id={`${id}-${index}-value`}
                type="text"
                inputMode="decimal"
                value={text}
                disabled={disabled}
                autoComplete="off"
                onChange={(event) =>
                  set(rows.map((row, i) => (i === index ? [row[0], event.target.value] : row)))
                }
              />
            </span>
            <button
              type="button"
              className="secondary"
              disabled={disabled}
              aria-label={t('metrics.remove', { name: label })}
              onClick={() => {
                set(rows.filter((_, i) => i !== index));
                addRef.current?.focus();
              }}
            >
              {t('metrics.removeShort')}
            </button>
          </div>
        );
      })}
      <button
        ref={addRef}
        type="button"
        className="secondary"
        disabled={disabled || rows.length >= MAX_METRICS}
        onClick={() => {
          set([...rows, ['', '']]);
          // the new row's name takes the focus
          requestAnimationFrame(() =>
            document.getElementById(`${id}-${rows.length}-name`)?.focus(),
          );
        }}
      >
        {t('metrics.add')}
      </button>
    </fieldset>
  );
}

/** The status select: the current status and the moves core allows from it (a new model: draft). */
export function ModelStatusField({
  input,
  row,
  errorId,
}: {
  input: {
    id: string;
    name: string;
    value: string;
    disabled: boolean;
    onChange: (event: { target: { value: string } }) => void;
  };
  row: ApiRow | null;
  errorId: string | undefined;
}) {
  const { t, enumLabel } = useLegacy();
  const current = row?.status;
  const choices = statusChoices(current);
  const hintId = `${input.id}-hint`;
  return (
    <>
      <select
        {...input}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ')}
        aria-invalid={errorId ? true : undefined}
      >
        {choices.map((status) => (
          <option key={status} value={status}>
            {status === current
              ? t('modelStatus.current', { status: enumLabel(status) })
              : enumLabel(status)}
          </option>
        ))}
      </select>
      <span id={hintId} className="form-hint">
        {row === null
          ? t('modelStatus.new')
          : choices.length === 1
            ? t('modelStatus.final')
            : t('modelStatus.hint')}
      </span>
    </>
  );
}

type Upload =
  { phase: 'idle' } | { phase: 'hashing' } | { phase: 'sending'; sent: number; total: number };

/**
 * A model's file: what is stored (name, size, SHA-256, who uploaded it and when), a download, and
 * with the update permission an upload (or replacement) with its progress; the browser's SHA-256 of
 * the file goes with it, so a file changed on its way is refused and nothing is kept.
 */
export function ModelFileSection({
  row,
  onUploaded,
}: {
  row: ApiRow;
  onUploaded: (row: ApiRow) => void;
}) {
  const { api, t, permissions, language, preferences, done, user } = useLegacy();
  const headingId = useId();
  const inputId = useId();
  const statusId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [upload, setUpload] = useState<Upload>({ phase: 'idle' });
  const { busy: downloading, error, setError, run } = useBusyAction();
  const inputRef = useRef<HTMLInputElement>(null);
  const id = Number(row.id);
  const canUpload = permissions.has('trainedmodel:u');
  const hasFile = typeof row.fileChecksum === 'string' && row.fileChecksum !== '';
  const busy = upload.phase !== 'idle';

  async function send() {
    if (!file) return;
    setError(null);
    const problem = fileProblem(file.size);
    if (problem) {
      setError(
        problem === 'empty'
          ? t('modelFile.empty')
          : t('modelFile.tooLarge', { max: formatBytes(MAX_TRAINED_MODEL_BYTES, language) }),
      );
      return;
    }
    try {
      setUpload({ phase: 'hashing' });
      const checksum = await sha256Hex(file);
      setUpload({ phase: 'sending', sent: 0, total: file.size });
      const saved = await api.uploadModelFile(id, file, file.name, checksum, (sent, total) =>
        setUpload({ phase: 'sending', sent, total }),
      );
      setUpload({ phase: 'idle' });
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
      done('trainedModel.upload', true, t('modelFile.done', { name: file.name }));
      onUploaded(saved);
    } catch (caught) {
      setUpload({ phase: 'idle' });
      setError(
        caught instanceof ApiError && caught.fields.checksum
          ? t('modelFile.mismatch')
          : caught instanceof ApiError && caught.status === 413
            ? t('modelFile.tooLarge', { max: formatBytes(MAX_TRAINED_MODEL_BYTES, language) })
            : describeError(t, caught),
      );
    }
  }

  const downloadFile = () =>
    run(async () => {
      download(await api.downloadModelFile(id), String(row.fileName ?? 'model.bin'));
    });

  const percent =
    upload.phase === 'sending' && upload.total > 0
      ? Math.floor((upload.sent / upload.total) * 100)
      : 0;
  return (
    <section className="model-file" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('modelFile.title')}</h2>
      {hasFile ? (
        <dl className="details">
          <div className="detail">
            <dt>{t('modelFile.name')}</dt>
            <dd>{String(row.fileName)}</dd>
          </div>
          <div className="detail">
            <dt>{t('modelFile.size')}</dt>
            <dd>{formatBytes(Number(row.fileSize), language)}</dd>
          </div>
          <div className="detail">
            <dt>{t('modelFile.checksum')}</dt>
            <dd>
              <code className="checksum" data-testid="model-checksum">
                {String(row.fileChecksum)}
              </code>
            </dd>
          </div>
          <div className="detail">
            <dt>{t('modelFile.uploaded')}</dt>
            <dd>
              {t('modelFile.uploadedBy', {
                user: String(row.uploadedBy ?? user.username),
                time: formatDateTime(row.uploadedAt, preferences),
              })}
            </dd>
          </div>
        </dl>
      ) : (
        <p className="not-set">{t('modelFile.none')}</p>
      )}
      <FormError message={error} />
      <div className="form-actions">
        {hasFile ? (
          <button
            type="button"
            className="secondary"
            disabled={downloading}
            onClick={() => void downloadFile()}
          >
            {t('modelFile.download')}
          </button>
        ) : null}
      </div>
      {canUpload ? (
        <div className="model-upload">
          <label htmlFor={inputId}>
            {hasFile ? t('modelFile.replace') : t('modelFile.choose')}
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            disabled={busy}
            onChange={(event) => {
              setError(null);
              setFile(event.target.files?.[0] ?? null);
            }}
          />
          <button type="button" disabled={!file || busy} onClick={() => void send()}>
            {t('modelFile.upload')}
          </button>
          <p id={statusId} role="status" className="form-hint">
            {upload.phase === 'hashing'
              ? t('modelFile.hashing')
              : upload.phase === 'sending'
                ? t('modelFile.sending', { percent })
                : null}
          </p>
          {upload.phase === 'sending' ? (
            <progress
              max={100}
              value={percent}
              aria-label={t('modelFile.progress')}
              aria-describedby={statusId}
            />
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
