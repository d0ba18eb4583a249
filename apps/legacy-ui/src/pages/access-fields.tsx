// The two fields of people and access: a user's roles (a searchable list of the roles the signed-in
// administrator may grant) and a role's permissions (a resource × operation grid by module, with a
// text view checked line by line). Both read core's rules: the permission catalog and the grant rule.
import { useId, useState } from 'react';
import type { KeyboardEvent } from 'react';
import {
  PERMISSION_CATALOG,
  fromPermissionGrid,
  mayGrantAll,
  parsePermissionLines,
  permissionCell,
  toPermissionGrid,
} from '@portico/core';
import type {
  CatalogModule,
  CatalogResource,
  PermissionLetter,
  PermissionLineProblem,
} from '@portico/core';
import type { ApiRow } from '../api-client.ts';
import type { MessageKey, Translate } from '../i18n.ts';
import { isMessageKey } from '../i18n.ts';
import { sentence } from '../labels.ts';
import { useLegacy } from '../legacy-context.tsx';
import { MODULES } from '../routes.ts';
import { roleIdsOf } from './form-values.ts';
import { useReferenceRows } from './use-reference-rows.ts';
import type { GroupFieldProps } from './form-parts.tsx';

/** What the form hands a field of its own kind. */
type AccessFieldProps = GroupFieldProps;

interface RoleChoice {
  id: number;
  name: string;
  permissions: string[] | undefined;
}

function toChoice(row: { id: number } & Record<string, unknown>): RoleChoice {
  return {
    id: row.id,
    name: typeof row.name === 'string' && row.name !== '' ? row.name : `#${row.id}`,
    permissions: Array.isArray(row.permissions)
      ? row.permissions.filter((item): item is string => typeof item === 'string')
      : undefined,
  };
}

/** Enter in a search box filters; it never submits the form. */
function keepEnter(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key === 'Enter') event.preventDefault();
}

/**
 * A user's roles: a search box over a list of checkboxes. Only the roles the signed-in user may grant
 * are offered (every permission of the role held: the services' authority policy); a role the user
 * already has stays listed, and stays fixed when it cannot be granted. One's own roles are read-only.
 */
export function RolesField({
  id,
  legend,
  value,
  onChange,
  disabled,
  errorId,
  row,
  own,
}: AccessFieldProps & { row: ApiRow | null; own: boolean }) {
  const { t, permissions } = useLegacy();
  const choices = useReferenceRows('role');
  const [query, setQuery] = useState('');
  const noteId = useId();
  const selected = new Set(roleIdsOf(value));
  const held = Array.isArray(row?.roles)
    ? (row.roles as Array<{ id: number } & Record<string, unknown>>).map(toChoice)
    : [];
  const loaded = choices.status === 'ready' ? choices.rows.map(toChoice) : [];
  const byId = new Map<number, RoleChoice>();
  for (const role of [...held, ...loaded]) byId.set(role.id, { ...byId.get(role.id), ...role });
  const grantable = (role: RoleChoice) =>
    role.permissions !== undefined && mayGrantAll(permissions, role.permissions);
  const offered = [...byId.values()]
    .filter((role) => selected.has(role.id) || grantable(role))
    .sort((a, b) => a.name.localeCompare(b.name));
  const needle = query.trim().toLocaleLowerCase();
  const shown = offered.filter((role) => role.name.toLocaleLowerCase().includes(needle));
  const names = offered.filter((role) => selected.has(role.id)).map((role) => role.name);
  const toggle = (roleId: number, checked: boolean) => {
    const next = checked ? [...selected, roleId] : [...selected].filter((item) => item !== roleId);
    onChange(next.join(','));
  };
  const note = own
    ? t('roles.own')
    : choices.status === 'unavailable'
      ? t('roles.unavailable')
      : null;
  const describedBy = [errorId, note ? noteId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className="field access-field" id={id} aria-describedby={describedBy}>
      <legend>{legend}</legend>
      {note ? (
        <p id={noteId} className="form-hint">
          {note}
        </p>
      ) : null}
      <p className="form-hint" aria-live="polite">
        {names.length === 0
          ? t('roles.noneSelected')
          : t('roles.selected', { count: names.length, names: names.join(', ') })}
      </p>
      {own ? null : (
        <>
          <label className="visually-hidden" htmlFor={`${id}-search`}>
            {t('roles.search')}
          </label>
          <input
            id={`${id}-search`}
            type="search"
            value={query}
            placeholder={t('roles.search')}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={keepEnter}
            disabled={disabled}
            autoComplete="off"
          />
        </>
      )}
      {choices.status === 'loading' ? (
        <p className="form-hint">{t('form.loadingOptions')}</p>
      ) : null}
      <ul className="check-list">
        {shown.map((role) => {
          const fixed = own || !grantable(role);
          const hintId = `${id}-role-${role.id}-hint`;
          return (
            <li key={role.id}>
              <label>
                <input
                  type="checkbox"
                  checked={selected.has(role.id)}
                  disabled={disabled || fixed}
                  aria-describedby={fixed && !own ? hintId : undefined}
                  onChange={(event) => toggle(role.id, event.target.checked)}
                />{' '}
                {role.name}
              </label>
              {fixed && !own ? (
                <span id={hintId} className="form-hint">
                  {' '}
                  {t('roles.notGrantable')}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      {choices.status === 'ready' && shown.length === 0 && needle !== '' ? (
        <p className="form-hint">{t('roles.noMatch', { query: query.trim() })}</p>
      ) : null}
    </fieldset>
  );
}

const OPERATION_KEYS: Record<PermissionLetter, MessageKey> = {
  r: 'perm.op.r',
  i: 'perm.op.i',
  u: 'perm.op.u',
  d: 'perm.op.d',
  a: 'perm.op.a',
  x: 'perm.op.x',
};
const LETTERS: readonly PermissionLetter[] = ['r', 'i', 'u', 'd', 'a', 'x'];

/** The sentence naming one refused line of the text view ("Line 3: …"). */
export function describePermissionLine(t: Translate, problem: PermissionLineProblem): string {
  const values = { line: problem.line, text: problem.text, allowed: problem.allowed ?? '' };
  switch (problem.reason) {
    case 'format':
      return t('perm.line.format', values);
    case 'resource':
      return t('perm.line.resource', values);
    case 'operation':
      return t('perm.line.operation', values);
    case 'duplicate':
      return t('perm.line.duplicate', values);
  }
}

function messageKey(key: string, fallback: MessageKey): MessageKey {
  return isMessageKey(key) ? key : fallback;
}

/**
 * A role's permissions. The grid: one table per module, a row per resource, a checkbox per
 * operation the resource has ("Zone: update", the tenant's names), the module's plain strings as
 * switches above it; what the signed-in user may not grant is greyed out. "Show as text" gives the
 * strings one per line, each line checked (the error names the line and what is wrong).
 */
export function PermissionsField(props: AccessFieldProps) {
  const { id, legend, value, onChange, disabled, errorId } = props;
  const { t, permissions, conceptLabel } = useLegacy();
  const [asText, setAsText] = useState(false);
  const [stuck, setStuck] = useState(false);
  const problemsId = `${id}-problems`;
  const hintId = `${id}-hint`;
  const lines = parsePermissionLines(value);
  const grid = toPermissionGrid(
    value
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  );

  const resourceLabel = (resource: CatalogResource) => {
    const fallback = messageKey(`perm.${resource.name}`, 'perm.resource');
    return resource.concept ? conceptLabel(resource.concept, fallback) : t(fallback);
  };
  const setCell = (cell: string, checked: boolean) => {
    const next = new Set(grid.checked);
    if (checked) next.add(cell);
    else next.delete(cell);
    onChange(fromPermissionGrid({ ...grid, checked: next }).join('\n'));
  };
  const switchTo = (text: boolean) => {
    if (!text && lines.problems.length > 0) {
      setStuck(true);
      return;
    }
    setStuck(false);
    if (!text) onChange(fromPermissionGrid(toPermissionGrid(lines.permissions)).join('\n'));
    setAsText(text);
  };

  const moduleTable = (module: CatalogModule) => {
    const letters = LETTERS.filter((letter) =>
      module.resources.some((resource) => resource.operations.includes(letter)),
    );
    const def = MODULES.find((candidate) => candidate.key === module.name);
    const moduleName = def ? conceptLabel(def.concept, def.label) : module.name;
    const switchLabel = (entry: string) => {
      const resource = entry.slice(0, entry.indexOf(':'));
      return resource === module.name
        ? t('perm.switch.module', { module: moduleName })
        : t(messageKey(`perm.switch.${resource}`, 'perm.resource'));
    };
    const captionId = `${id}-${module.name}`;
    return (
      <section key={module.name} className="permission-module" aria-labelledby={captionId}>
        <h3 id={captionId}>{moduleName}</h3>
        <div className="permission-switches">
          {module.switches.map((entry) => (
            <label key={entry}>
              <input
                type="checkbox"
                checked={grid.checked.has(entry)}
                disabled={disabled || !permissions.has(entry)}
                onChange={(event) => setCell(entry, event.target.checked)}
              />{' '}
              {switchLabel(entry)}
            </label>
          ))}
        </div>
        <div className="table-scroll">
          <table className="permission-grid">
            <caption className="visually-hidden">{moduleName}</caption>
            <thead>
              <tr>
                <th scope="col">{t('perm.resource')}</th>
                {letters.map((letter) => (
                  <th scope="col" key={letter}>
                    {sentence(t(OPERATION_KEYS[letter]))}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {module.resources.map((resource) => {
                const name = resourceLabel(resource);
                return (
                  <tr key={resource.name}>
                    <th scope="row">{name}</th>
                    {letters.map((letter) => {
                      if (!resource.operations.includes(letter)) return <td key={letter} />;
                      const cell = permissionCell(resource.name, letter);
                      return (
                        <td key={letter}>
                          <input
                            type="checkbox"
                            aria-label={`${name}: ${t(OPERATION_KEYS[letter])}`}
                            checked={grid.checked.has(cell)}
                            disabled={disabled || !permissions.has(cell)}
                            onChange={(event) => setCell(cell, event.target.checked)}
                          />
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>
    );
  };

  return (
    <fieldset
      className="field access-field permissions-field"
      id={id}
      aria-describedby={[errorId, hintId].filter(Boolean).join(' ')}
    >
      <legend>{legend}</legend>
      <p id={hintId} className="form-hint">
        {t('perm.hint')}
      </p>
      <button
        type="button"
        className="secondary"
        aria-pressed={asText}
        onClick={() => switchTo(!asText)}
        disabled={disabled}
      >
        {t('perm.showText')}
      </button>
      {stuck ? (
        <p className="field-error" role="alert">
          {t('perm.fixLinesFirst')}
        </p>
      ) : null}
      {asText ? (
        <div className="field">
          <label htmlFor={`${id}-text`}>{t('perm.textLabel')}</label>
          <textarea
            id={`${id}-text`}
            rows={10}
            spellCheck={false}
            value={value}
            disabled={disabled}
            aria-invalid={lines.problems.length > 0 || undefined}
            aria-describedby={lines.problems.length > 0 ? problemsId : undefined}
            onChange={(event) => onChange(event.target.value)}
          />
          {lines.problems.length > 0 ? (
            <ul id={problemsId} className="field-error line-problems">
              {lines.problems.map((problem) => (
                <li key={`${problem.line}`}>{describePermissionLine(t, problem)}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : (
        <>
          {PERMISSION_CATALOG.map(moduleTable)}
          {grid.others.length > 0 ? (
            <p className="form-hint">{t('perm.others', { list: grid.others.join(', ') })}</p>
          ) : null}
        </>
      )}
    </fieldset>
  );
}
