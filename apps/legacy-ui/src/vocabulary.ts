// Tenant vocabulary: group field `vizixVocabularyLabel<Concept>` holds a language → label map,
// either as a JSON string or already parsed (DESIGN §4, common contracts).

function labelMap(value: unknown): Record<string, unknown> | null {
  if (typeof value === 'string') {
    try {
      return labelMap(JSON.parse(value) as unknown);
    } catch {
      return null;
    }
  }
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/**
 * The tenant's label for `concept` (e.g. `Things`) in `language`, then in the base language
 * (`pt` for `pt-BR`), then English; null when the tenant does not rename it.
 */
export function vocabularyLabel(
  groupFields: Record<string, unknown>,
  concept: string,
  language: string,
): string | null {
  const map = labelMap(groupFields[`vizixVocabularyLabel${concept}`]);
  if (!map) return null;
  for (const candidate of [language, language.split('-')[0] ?? '', 'en']) {
    const label = map[candidate];
    if (typeof label === 'string' && label.trim() !== '') return label;
  }
  return null;
}
