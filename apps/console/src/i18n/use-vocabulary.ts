import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { getDocumentTitle, resolveTabLabel } from '@portico/core';
import { useAppSelector } from '../store/hooks.ts';
import { routeLabelKey } from './keys.ts';

/**
 * Tenant vocabulary (spec §2, §3): a tenant's label for a concept overrides the built-in name,
 * tab names included; the document title is the platform label, else the product title.
 */
export function useVocabulary() {
  const { t, i18n } = useTranslation();
  const groupFields = useAppSelector((state) => state.config.groupFields);
  const language = i18n.language;
  const label = useCallback(
    (tab: string | null, labelKey?: string) =>
      (tab ? resolveTabLabel(tab, language, groupFields) : null) ??
      t(routeLabelKey(labelKey ?? `tabs.${tab ?? 'home'}`)),
    [language, groupFields, t],
  );
  const title = getDocumentTitle(groupFields, language, t('app.productTitle'));
  return { label, title };
}
