// The members of a role, on the role's page: who holds it, remove one, add one (a search over the
// users the administrator sees). Every change is the services' (`/role/{id}/members`), under the same
// authority policy as the user form's roles.
import { useEffect, useId, useState } from 'react';
import type { ApiRow } from '../api-client.ts';
import { useLegacy } from '../legacy-context.tsx';
import { describeError } from '../messages.ts';
import { useReferenceRows } from './use-reference-rows.ts';
import { Field } from './form-parts.tsx';
import { FormError } from './status-views.tsx';
import { loadWhileCurrent } from './load-while-current.ts';
import { useBusyAction } from './use-busy-action.ts';

function userName(row: ApiRow): string {
  const username = typeof row.username === 'string' ? row.username : `#${row.id}`;
  const full = [row.firstName, row.lastName]
    .filter((part): part is string => typeof part === 'string' && part !== '')
    .join(' ');
  return full ? `${username} (${full})` : username;
}

/** The member list of role `roleId`; editable with `user:u`. */
export function RoleMembers({ roleId }: { roleId: number }) {
  const { api, t, permissions } = useLegacy();
  const headingId = useId();
  const searchId = useId();
  const selectId = useId();
  const [members, setMembers] = useState<ApiRow[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState('');
  const { busy, error, run } = useBusyAction();
  const canEdit = permissions.has('user:u');
  const users = useReferenceRows(canEdit ? 'user' : undefined);

  useEffect(() => {
    return loadWhileCurrent(
      api.roleMembers(roleId),
      (page) => setMembers(page.results),
      (caught) => setLoadError(describeError(t, caught)),
    );
  }, [api, roleId, t]);

  function change(user: ApiRow, member: boolean) {
    setStatus('');
    return run(async () => {
      const page = await api.setRoleMember(roleId, user.id, member);
      setMembers(page.results);
      setStatus(
        t(member ? 'members.added' : 'members.removed', { name: String(user.username ?? '') }),
      );
      if (member) setChosen('');
    });
  }

  const memberIds = new Set((members ?? []).map((row) => row.id));
  const needle = query.trim().toLocaleLowerCase();
  const candidates =
    users.status === 'ready'
      ? users.rows.filter(
          (row) => !memberIds.has(row.id) && userName(row).toLocaleLowerCase().includes(needle),
        )
      : [];
  const chosenUser = candidates.find((row) => String(row.id) === chosen);

  return (
    <section className="role-members" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('members.title')}</h2>
      {canEdit ? <p className="form-hint">{t('members.hint')}</p> : null}
      {loadError ? (
        <p className="form-error" role="alert">
          {loadError}
        </p>
      ) : members === null ? (
        <p className="form-hint">{t('members.loading')}</p>
      ) : members.length === 0 ? (
        <p className="form-hint">{t('members.empty')}</p>
      ) : (
        <ul className="member-list">
          {members.map((row) => (
            <li key={row.id}>
              <span>{userName(row)}</span>
              {canEdit ? (
                <button
                  type="button"
                  className="secondary"
                  disabled={busy}
                  onClick={() => void change(row, false)}
                >
                  {t('members.remove', { name: String(row.username ?? '') })}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <FormError message={error} />
      <p className="visually-hidden" aria-live="polite">
        {status}
      </p>
      {canEdit && members !== null ? (
        <div className="member-add">
          <Field id={searchId} label={t('members.search')}>
            {(props) => (
              <input
                {...props}
                type="search"
                value={query}
                autoComplete="off"
                onChange={(event) => setQuery(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') event.preventDefault();
                }}
              />
            )}
          </Field>
          <Field id={selectId} label={t('members.user')}>
            {(props) => (
              <select
                {...props}
                value={chosenUser ? chosen : ''}
                onChange={(event) => setChosen(event.target.value)}
                aria-busy={users.status === 'loading' || undefined}
              >
                <option value="">
                  {users.status === 'loading'
                    ? t('form.loadingOptions')
                    : t('members.choose', { count: candidates.length })}
                </option>
                {candidates.map((row) => (
                  <option key={row.id} value={String(row.id)}>
                    {userName(row)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <button
            type="button"
            disabled={busy || !chosenUser}
            onClick={() => chosenUser && void change(chosenUser, true)}
          >
            {t('members.add')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
