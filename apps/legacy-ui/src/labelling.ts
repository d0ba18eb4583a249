// The label functions of the legacy context, built from the language and the tenant's group fields.
import type { MessageKey, Translate } from './i18n.ts';
import { isMessageKey } from './i18n.ts';
import { lowerFirst } from './labels.ts';
import type { LegacyContextValue } from './legacy-context.tsx';
import { vocabularyLabel } from './vocabulary.ts';

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
    vocabularyLabel(groupFields, concept, language) ?? t(fallback);
  const groupOne = () => lowerFirst(conceptLabel('Group', 'one.group'));
  return {
    conceptLabel,
    resourceLabel: (resource) => conceptLabel(resource.concept, resource.label),
    oneLabel: (resource) => conceptLabel(resource.oneConcept, resource.one),
    fieldLabel: (field) => {
      const own =
        field.concept && field.label !== 'field.parent'
          ? vocabularyLabel(groupFields, field.concept, language)
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
