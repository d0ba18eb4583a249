// /services/apiExplorer: the services' operations (their OpenAPI document), grouped by tag and
// searchable; a chosen operation's parameters and body schema; a request run with the signed-in
// user's own session through the API client (a write asks first), its status, headers and body.
import { useEffect, useMemo, useState } from 'react';
import type { SyntheticEvent } from 'react';
import type { ExchangeAnswer } from '../api-client.ts';
import { useLegacy } from '../legacy-context.tsx';
import { describeError } from '../messages.ts';
import {
  groupOperations,
  isWrite,
  operationsOf,
  requestPath,
  schemaText,
  shownBody,
  shownHeaders,
  MAX_SHOWN_BODY,
} from './api-explorer-state.ts';
import type { ExplorerOperation } from './api-explorer-state.ts';
import { ErrorPanel, FormSkeleton } from './status-views.tsx';
import { useBusyAction } from './use-busy-action.ts';

function OperationPanel({ operation }: { operation: ExplorerOperation }) {
  const { t, api } = useLegacy();
  const [values, setValues] = useState<Record<string, string>>({});
  const [body, setBody] = useState(operation.body === undefined ? '' : '{}');
  const [confirming, setConfirming] = useState(false);
  const { busy: running, error: problem, setError: setProblem, run: exchange } = useBusyAction();
  const [answer, setAnswer] = useState<ExchangeAnswer | null>(null);

  async function run() {
    setConfirming(false);
    const { path, missing } = requestPath(operation, values);
    if (missing.length > 0) {
      setProblem(t('explorer.missing', { names: missing.join(', ') }));
      return;
    }
    let payload: unknown = undefined;
    if (operation.body !== undefined) {
      try {
        payload = JSON.parse(body) as unknown;
      } catch {
        setProblem(t('explorer.badJson'));
        return;
      }
    }
    await exchange(async () => {
      setAnswer(await api.exchange(operation.method, path, payload));
    });
  }

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isWrite(operation.method)) setConfirming(true);
    else void run();
  }

  const shown = answer ? shownBody(answer.body) : null;
  return (
    <section className="explorer-operation" aria-labelledby="explorer-operation-title">
      <h2 id="explorer-operation-title">
        <code>{operation.key}</code>
      </h2>
      {operation.summary ? <p>{operation.summary}</p> : null}
      <form onSubmit={submit}>
        <h3>{t('explorer.parameters')}</h3>
        {operation.parameters.length === 0 ? <p>{t('explorer.noParameters')}</p> : null}
        {operation.parameters.map((parameter) => {
          const key = `${parameter.in}.${parameter.name}`;
          const id = `explorer-${parameter.in}-${parameter.name}`;
          return (
            <div className="field" key={key}>
              <label htmlFor={id}>
                {parameter.name} ({parameter.in}
                {parameter.required ? `, ${t('explorer.required')}` : ''})
              </label>
              <input
                id={id}
                value={values[key] ?? ''}
                aria-required={parameter.required}
                onChange={(event) => {
                  const value = event.target.value;
                  setValues((previous) => ({ ...previous, [key]: value }));
                }}
              />
            </div>
          );
        })}
        {operation.body !== undefined ? (
          <>
            <div className="field">
              <label htmlFor="explorer-body">{t('explorer.requestBody')}</label>
              <textarea
                id="explorer-body"
                rows={6}
                value={body}
                onChange={(event) => setBody(event.target.value)}
              />
            </div>
            <details>
              <summary>{t('explorer.bodySchema')}</summary>
              <pre className="explorer-code" tabIndex={0}>
                {schemaText(operation.body)}
              </pre>
            </details>
          </>
        ) : null}
        {confirming ? (
          <div className="explorer-confirm" role="alert">
            <p>{t('explorer.confirmWrite')}</p>
            <div className="actions">
              <button type="button" onClick={() => void run()}>
                {t('explorer.confirm')}
              </button>
              <button type="button" className="secondary" onClick={() => setConfirming(false)}>
                {t('form.cancel')}
              </button>
            </div>
          </div>
        ) : (
          <div className="actions">
            <button type="submit" disabled={running}>
              {running ? t('explorer.running') : t('explorer.run')}
            </button>
          </div>
        )}
      </form>
      {problem ? <ErrorPanel message={problem} /> : null}
      {answer && shown ? (
        <section aria-labelledby="explorer-response-title">
          <h3 id="explorer-response-title">{t('explorer.response')}</h3>
          <p role="status" className={answer.status < 400 ? 'check-ok' : 'check-failed'}>
            {t('explorer.status', { status: answer.status })}
          </p>
          <h4>{t('explorer.headers')}</h4>
          <dl className="explorer-headers">
            {shownHeaders(answer.headers).map(([name, value]) => (
              <div key={name}>
                <dt>{name}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <h4>{t('explorer.body')}</h4>
          <pre className="explorer-code" tabIndex={0} aria-label={t('explorer.body')}>
            {shown.text}
          </pre>
          {shown.cut ? <p>{t('explorer.cut', { count: MAX_SHOWN_BODY })}</p> : null}
        </section>
      ) : null}
    </section>
  );
}

export function ApiExplorerPage() {
  const { t, api, conceptLabel } = useLegacy();
  const [operations, setOperations] = useState<ExplorerOperation[] | null>(null);
  const [error, setError] = useState('');
  const [reloads, setReloads] = useState(0);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    api
      .openApi()
      .then((document) => {
        if (current) {
          setOperations(operationsOf(document));
          setError('');
        }
      })
      .catch((caught: unknown) => {
        if (current) setError(describeError(t, caught));
      });
    return () => {
      current = false;
    };
  }, [api, t, reloads]);

  const groups = useMemo(() => groupOperations(operations ?? [], search), [operations, search]);
  const operation = operations?.find((candidate) => candidate.key === chosen);
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title" tabIndex={-1}>
        {conceptLabel('ApiExplorer', 'page.apiExplorer')}
      </h1>
      <p>{t('explorer.intro')}</p>
      {error ? <ErrorPanel message={error} onRetry={() => setReloads((n) => n + 1)} /> : null}
      {!operations ? (
        error ? null : (
          <FormSkeleton label={t('explorer.loading')} />
        )
      ) : (
        <div className="explorer">
          <nav className="explorer-list" aria-label={t('explorer.operations')}>
            <div className="field">
              <label htmlFor="explorer-search">{t('explorer.search')}</label>
              <input
                id="explorer-search"
                type="search"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
            {groups.length === 0 ? <p role="status">{t('explorer.noMatch')}</p> : null}
            {groups.map(([tag, members]) => (
              <div key={tag}>
                <h2 className="explorer-tag">
                  <code>{tag}</code>
                </h2>
                <ul>
                  {members.map((member) => (
                    <li key={member.key}>
                      <button
                        type="button"
                        className="secondary explorer-op"
                        aria-current={member.key === chosen ? 'true' : undefined}
                        onClick={() => setChosen(member.key)}
                      >
                        <code>{member.key}</code>
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
          {operation ? (
            <OperationPanel key={operation.key} operation={operation} />
          ) : (
            <p className="explorer-operation">{t('explorer.choose')}</p>
          )}
        </div>
      )}
    </section>
  );
}
