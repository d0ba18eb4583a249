import { useTranslation } from 'react-i18next';
import { TAB_NAMES, explainTabVisibility } from '@portico/core';
import { useAppSelector } from '../store/hooks.ts';
import { useVocabulary } from './use-vocabulary.ts';
import styles from './dialog.module.css';

/** "Why can't I see this?": the rule deciding each tab and the terms the user lacks. */
export function AccessExplanation() {
  const { t } = useTranslation();
  const permissions = useAppSelector((state) => state.authz.permissions);
  const hiddenTabs = useAppSelector((state) => state.config.hiddenTabs);
  const { label } = useVocabulary();
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
                <span className={styles.denied}>{t('settings.accessHiddenByUser')}</span>
              ) : (
                <span className={styles.denied}>{t('settings.accessMissing', { terms: explanation.missingTerms.join(', ') })}</span>
              )}
              {explanation.expression && <span className={styles.rule}>{t('settings.accessRule', { expression: explanation.expression })}</span>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
