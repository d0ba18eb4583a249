import { useTranslation } from 'react-i18next';
import { TAB_NAMES, explainTabVisibility, getTenantGroupName } from '@portico/core';
import { useAppSelector } from '../store/hooks.ts';
import { useVocabulary } from '../i18n/use-vocabulary.ts';
import styles from './dialog.module.css';

/**
 * "Why can't I see this?" in plain words: visible; hidden by the user's own
 * choice; hidden by the tenant (the hidden tabs came from the group, not the user); or missing a
 * permission, named as the area it opens ("Ask an administrator for the Things permission").
 */
export function AccessExplanation() {
  const { t } = useTranslation();
  const permissions = useAppSelector((state) => state.authz.permissions);
  const hiddenTabs = useAppSelector((state) => state.config.hiddenTabs);
  const user = useAppSelector((state) => state.session.user);
  const ownField = useAppSelector((state) => state.config.userFields.hiddenTabs?.value);
  const { label } = useVocabulary();
  // the user's own list: the user record's, else the user's own field value (not the inherited one)
  const own = Array.isArray(user?.hiddenTabs) ? user.hiddenTabs : parseList(ownField);
  const tenant = (user && getTenantGroupName(user)) || t('noModules.yourOrganisation');
  return (
    <section className={styles.access} aria-labelledby="access-heading">
      <h3 id="access-heading">{t('settings.access')}</h3>
      <p className={styles.hint}>{t('settings.accessDescription')}</p>
      <ul className={styles.accessList}>
        {TAB_NAMES.map((tab) => {
          const explanation = explainTabVisibility(tab, permissions, hiddenTabs);
          return (
            <li key={tab} data-testid={`access-${tab}`}>
              <strong>{label(tab)}</strong>{' '}
              {explanation.visible ? (
                <span className={styles.ok}>{t('settings.accessVisible')}</span>
              ) : explanation.hiddenByUser ? (
                <span className={styles.denied}>
                  {own.includes(tab)
                    ? t('settings.accessHiddenByUser')
                    : t('settings.accessHiddenByTenant', { tenant })}
                </span>
              ) : (
                <span className={styles.denied}>
                  {t('settings.accessMissing', { area: label(tab) })}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function parseList(value: unknown): string[] {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return [];
    }
  }
  return Array.isArray(parsed)
    ? parsed.filter((item): item is string => typeof item === 'string')
    : [];
}
