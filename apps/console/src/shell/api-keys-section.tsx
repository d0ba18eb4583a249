import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type SyntheticEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import {
  PERMISSION_CATALOG,
  createPermissionSet,
  formatDateTime,
  resolveTenantLabel,
} from '@portico/core';
import { ApiError } from '../api/api-errors.ts';
import type { ApiKeyInfo, CreatedApiKey } from '../api/platform-api.ts';
import { useAppServices } from '../lib/app-context.ts';
import { permissionNameKey, permissionSwitchKey } from '../i18n/keys.ts';
import { useVocabulary } from '../i18n/use-vocabulary.ts';
import { useAppSelector } from '../store/hooks.ts';
import styles from './dialog.module.css';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The lifetimes offered (days); the services refuse more than a year. */
const LIFETIMES = [7, 30, 90, 365] as const;
const LETTERS = ['r', 'i', 'u', 'd', 'a', 'x'] as const;

type Letter = (typeof LETTERS)[number];

interface PermissionGroup {
  module: string;
  options: Array<{
    permission: string;
    resource: string;
    /** The singular vocabulary concept naming the resource, when the tenant may rename it. */
    concept?: string;
    letter: Letter | null;
  }>;
}

/**
 * Personal API keys (Settings): create one with a name, an expiry and permissions chosen among the
 * user's own, grouped by module as the role editor's grid; the key is shown once, with a copy
 * button; the list shows each key's last use; a key is revoked after a confirmation.
 */
export function ApiKeysSection() {
  const { t, i18n } = useTranslation();
  const { api } = useAppServices();
  const { label } = useVocabulary();
  const userId = useAppSelector((state) => state.session.user?.id);
  const permissions = useAppSelector((state) => state.authz.permissions);
  const config = useAppSelector((state) => state.config);
  const [keys, setKeys] = useState<ApiKeyInfo[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [name, setName] = useState('');
  const [lifetime, setLifetime] = useState<number>(30);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [errors, setErrors] = useState<{ name?: string; permissions?: string; form?: string }>({});
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [status, setStatus] = useState('');
  const keyField = useRef<HTMLInputElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const ids = {
    heading: useId(),
    name: useId(),
    nameError: useId(),
    lifetime: useId(),
    lifetimeHint: useId(),
    permsError: useId(),
    key: useId(),
    keyHint: useId(),
    list: useId(),
  };

  const when = useCallback(
    (ms: number) =>
      formatDateTime(new Date(ms), {
        timeZone: config.timeZone,
        dateFormat: config.dateFormat,
        calendarFormat: config.calendarFormat,
      }),
    [config.timeZone, config.dateFormat, config.calendarFormat],
  );

  const groups = useMemo<PermissionGroup[]>(() => {
    const held = createPermissionSet(permissions);
    return PERMISSION_CATALOG.map((module) => ({
      module: module.name,
      options: [
        ...module.switches
          .filter((permission) => held.has(permission))
          .map((permission) => ({ permission, resource: module.name, letter: null })),
        ...module.resources.flatMap((resource) =>
          LETTERS.filter((letter) => resource.operations.includes(letter))
            .map((letter) => ({
              permission: `${resource.name}:${letter}`,
              resource: resource.name,
              concept: resource.concept,
              letter,
            }))
            .filter((option) => held.has(option.permission)),
        ),
      ],
    })).filter((group) => group.options.length > 0);
  }, [permissions]);

  /** A resource as the role editor's grid names it: the tenant's word for it, else the console's. */
  const resourceName = (option: PermissionGroup['options'][number]) =>
    (option.concept
      ? resolveTenantLabel(option.concept, i18n.language, config.groupFields)
      : null) ?? t(permissionNameKey(option.resource));

  const load = useCallback(async () => {
    if (userId === undefined) return;
    try {
      const list = await api.apiKeys.list(userId);
      setKeys(list);
      setLoadFailed(false);
    } catch {
      setLoadFailed(true);
    }
  }, [api, userId]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (created) keyField.current?.select();
  }, [created]);
  useEffect(() => {
    if (confirming !== null) confirmButton.current?.focus();
  }, [confirming]);

  function toggle(permission: string, on: boolean) {
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(permission);
      else next.delete(permission);
      return next;
    });
  }

  async function handleCreate(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (userId === undefined) return;
    const problems: typeof errors = {};
    if (name.trim() === '') problems.name = t('settings.apiKeys.nameRequired');
    if (chosen.size === 0) problems.permissions = t('settings.apiKeys.permissionsRequired');
    setErrors(problems);
    if (problems.name || problems.permissions) return;
    setCreating(true);
    try {
      const key = await api.apiKeys.create(userId, {
        name: name.trim(),
        expiresAt: Date.now() + lifetime * DAY_MS,
        permissions: [...chosen],
      });
      setCreated(key);
      setName('');
      setChosen(new Set());
      setStatus('');
      await load();
    } catch (caught) {
      setErrors({
        form:
          caught instanceof ApiError && caught.code === 'FORBIDDEN'
            ? t('settings.apiKeys.createForbidden')
            : t('settings.apiKeys.createFailed'),
      });
    } finally {
      setCreating(false);
    }
  }

  async function copyKey() {
    if (!created) return;
    keyField.current?.select();
    try {
      await navigator.clipboard.writeText(created.key);
      setStatus(t('settings.apiKeys.copied'));
    } catch {
      setStatus(t('settings.apiKeys.copyFailed'));
    }
  }

  async function revoke(key: ApiKeyInfo) {
    if (userId === undefined) return;
    try {
      await api.apiKeys.revoke(userId, key.id);
      setConfirming(null);
      setStatus(t('settings.apiKeys.revoked', { name: key.name }));
      await load();
      listHeading.current?.focus();
    } catch {
      setStatus(t('settings.apiKeys.revokeFailed', { name: key.name }));
    }
  }

  const active = (keys ?? []).filter((key) => key.revokedAt === null);

  return (
    <section className={styles.access} aria-labelledby={ids.heading} data-testid="api-keys">
      <h3 id={ids.heading}>{t('settings.apiKeys.title')}</h3>
      <p className={styles.hint}>{t('settings.apiKeys.description')}</p>

      {created ? (
        <div className={styles.createdKey} data-testid="api-key-created">
          <label htmlFor={ids.key}>{t('settings.apiKeys.keyLabel', { name: created.name })}</label>
          <p id={ids.keyHint} className={styles.hint}>
            {t('settings.apiKeys.shownOnce')}
          </p>
          <div className={styles.keyRow}>
            <input
              ref={keyField}
              id={ids.key}
              readOnly
              value={created.key}
              spellCheck={false}
              aria-describedby={ids.keyHint}
              className={styles.keyValue}
            />
            <button type="button" className={styles.secondary} onClick={() => void copyKey()}>
              {t('settings.apiKeys.copy')}
            </button>
          </div>
          <div className={styles.actions}>
            <button
              type="button"
              className={styles.primary}
              onClick={() => {
                // back to the list, read again: it shows the key's first uses
                setCreated(null);
                void load();
              }}
            >
              {t('settings.apiKeys.done')}
            </button>
          </div>
        </div>
      ) : (
        <form className={styles.form} onSubmit={(event) => void handleCreate(event)} noValidate>
          <div className={styles.field}>
            <label htmlFor={ids.name}>{t('settings.apiKeys.name')}</label>
            <input
              id={ids.name}
              value={name}
              maxLength={100}
              autoComplete="off"
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? ids.nameError : undefined}
              onChange={(event) => setName(event.target.value)}
            />
            {errors.name && (
              <p id={ids.nameError} className={styles.error}>
                {errors.name}
              </p>
            )}
          </div>
          <div className={styles.field}>
            <label htmlFor={ids.lifetime}>{t('settings.apiKeys.expiry')}</label>
            <select
              id={ids.lifetime}
              value={lifetime}
              aria-describedby={ids.lifetimeHint}
              onChange={(event) => setLifetime(Number(event.target.value))}
            >
              {LIFETIMES.map((days) => (
                <option key={days} value={days}>
                  {t('settings.apiKeys.days', { count: days })}
                </option>
              ))}
            </select>
            <p id={ids.lifetimeHint} className={styles.hint}>
              {t('settings.apiKeys.expiresOn', { date: when(Date.now() + lifetime * DAY_MS) })}
            </p>
          </div>
          <fieldset
            className={styles.permissionGroups}
            aria-describedby={errors.permissions ? ids.permsError : undefined}
          >
            <legend>{t('settings.apiKeys.permissions')}</legend>
            <p className={styles.hint}>{t('settings.apiKeys.permissionsHint')}</p>
            {groups.map((group) => (
              <fieldset key={group.module} className={styles.permissionGroup}>
                <legend>{label(group.module)}</legend>
                {group.options.map((option) => (
                  <label key={option.permission} className={styles.permissionOption}>
                    <input
                      type="checkbox"
                      checked={chosen.has(option.permission)}
                      onChange={(event) => toggle(option.permission, event.target.checked)}
                    />{' '}
                    {option.letter !== null
                      ? t('settings.apiKeys.operation', {
                          resource: resourceName(option),
                          operation: t(`settings.apiKeys.operations.${option.letter}`),
                        })
                      : option.permission === `${group.module}:x`
                        ? t('settings.apiKeys.moduleSwitch', { module: label(group.module) })
                        : t(permissionSwitchKey(option.permission))}
                  </label>
                ))}
              </fieldset>
            ))}
            {errors.permissions && (
              <p id={ids.permsError} className={styles.error}>
                {errors.permissions}
              </p>
            )}
          </fieldset>
          {errors.form && (
            <p className={styles.error} role="alert">
              {errors.form}
            </p>
          )}
          <div className={styles.actions}>
            <button
              type="submit"
              className={styles.primary}
              aria-busy={creating}
              disabled={creating}
            >
              {creating ? t('settings.apiKeys.creating') : t('settings.apiKeys.create')}
            </button>
          </div>
        </form>
      )}

      <h4 id={ids.list} ref={listHeading} tabIndex={-1} className={styles.keysHeading}>
        {t('settings.apiKeys.yourKeys')}
      </h4>
      <p className={styles.hint} role="status">
        {status}
      </p>
      {loadFailed ? (
        <p className={styles.error}>{t('settings.apiKeys.loadFailed')}</p>
      ) : keys === null ? null : active.length === 0 ? (
        <p className={styles.hint}>{t('settings.apiKeys.none')}</p>
      ) : (
        <ul className={styles.keyList} aria-labelledby={ids.list}>
          {active.map((key) => (
            <li key={key.id} data-testid={`api-key-${key.id}`}>
              <strong>{key.name}</strong> <code>{`${key.prefix}…`}</code>
              <span className={styles.hint}>
                {key.active
                  ? t('settings.apiKeys.expires', { date: when(key.expiresAt) })
                  : t('settings.apiKeys.expired', { date: when(key.expiresAt) })}
              </span>
              <span className={styles.hint}>
                {key.lastUsedAt === null
                  ? t('settings.apiKeys.neverUsed')
                  : t('settings.apiKeys.lastUsed', { date: when(key.lastUsedAt) })}
              </span>
              {confirming === key.id ? (
                <span
                  className={styles.confirm}
                  role="group"
                  aria-label={t('settings.apiKeys.confirmLabel', { name: key.name })}
                >
                  <span>{t('settings.apiKeys.confirm', { name: key.name })}</span>
                  <button
                    ref={confirmButton}
                    type="button"
                    className={styles.danger}
                    onClick={() => void revoke(key)}
                  >
                    {t('settings.apiKeys.revokeConfirm')}
                  </button>
                  <button
                    type="button"
                    className={styles.secondary}
                    onClick={() => setConfirming(null)}
                  >
                    {t('settings.apiKeys.keep')}
                  </button>
                </span>
              ) : (
                <button
                  type="button"
                  className={styles.secondary}
                  aria-label={t('settings.apiKeys.revokeNamed', { name: key.name })}
                  onClick={() => setConfirming(key.id)}
                >
                  {t('settings.apiKeys.revoke')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
