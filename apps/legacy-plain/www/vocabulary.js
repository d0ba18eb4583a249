// The tenant's vocabulary labels (group fields vizixVocabularyLabel<Concept>), by the console's own
// rule: this page has no bundler and cannot import @portico/core's resolveTenantLabel, so this is a
// copy of it, and test/vocabulary.test.ts runs it against core's table (TENANT_LABEL_CASES).
(function () {
  'use strict';

  /** `PT_br` and `pt-BR` are the same tag. */
  function normalizeTag(tag) {
    return String(tag).trim().toLowerCase().replace(/_/g, '-');
  }

  /** The map's non-blank text entry for `tag`, trimmed; null when there is none. */
  function labelIn(map, tag) {
    var keys = Object.keys(map);
    for (var i = 0; i < keys.length; i += 1) {
      var value = map[keys[i]];
      if (normalizeTag(keys[i]) === tag && typeof value === 'string' && value.trim() !== '')
        return value.trim();
    }
    return null;
  }

  /**
   * The tenant's label for `concept` (`Zones`) in `language`: from a language → label map (JSON text
   * or parsed), the language's entry, else its base language's (`pt` for `pt-BR`), else English;
   * plain text (not JSON) is the label in every language. Null when the tenant sets none.
   */
  function tenantLabel(groupFields, concept, language) {
    if (typeof groupFields !== 'object' || groupFields === null) return null;
    var name = 'vizixVocabularyLabel' + concept.charAt(0).toUpperCase() + concept.slice(1);
    var raw = Object.prototype.hasOwnProperty.call(groupFields, name)
      ? groupFields[name]
      : undefined;
    if (typeof raw === 'string' && /^[[{"]/.test(raw.trim())) {
      try {
        raw = JSON.parse(raw.trim());
      } catch {
        // malformed JSON stays text, and is refused just below
      }
    }
    if (typeof raw === 'string') {
      var text = raw.trim();
      return text === '' || /^[[{]/.test(text) ? null : text;
    }
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
    var tag = normalizeTag(language);
    return labelIn(raw, tag) || labelIn(raw, tag.replace(/-.*$/, '')) || labelIn(raw, 'en');
  }

  window.PlainVocabulary = { tenantLabel: tenantLabel };
})();
