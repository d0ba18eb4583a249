// The label functions of the legacy context, built from the language and the tenant's group fields
// (the tenant's vocabulary resolves by core's rule, the one the shell uses).
import { resolveTenantLabel } from '@portico/core';
import type { MessageKey, Translate } from './i18n.ts';
import { isMessageKey } from './i18n.ts';
import { lowerFirst } from './labels.ts';
import type { LegacyContextValue } from './legacy-context.tsx';

type Labelling = Pick<
  LegacyContextValue,
  'resourceLabel' | 'oneLabel' | 'fieldLabel' | 'enumLabel' | 'conceptLabel'
>;

/** Label functions for `language` and the tenant's vocabulary in `groupFields`. */
export function createLabelling(
  t: Translate,
  language: string,
  groupFields: Record<string, unknown>,
): Labelling {
  const conceptLabel = (concept: string, fallback: MessageKey) =>
    resolveTenantLabel(concept, language, groupFields) ?? t(fallback);
  const groupOne = () => lowerFirst(conceptLabel('Group', 'one.group'));
  return {
    conceptLabel,
    resourceLabel: (resource) => conceptLabel(resource.concept, resource.label),
    oneLabel: (resource) => conceptLabel(resource.oneConcept, resource.one),
    fieldLabel: (field) => {
      const own =
        field.concept && field.label !== 'field.parent'
          ? resolveTenantLabel(field.concept, language, groupFields)
          : null;
      return (
        own ??
        t(field.label, { group: groupOne() }).replace(/^./u, (first) => first.toLocaleUpperCase())
      );
    },
    enumLabel: (value) => {
      const key = `enum.${value}`;
      return isMessageKey(key) ? t(key) : value;
    },
  };
}
