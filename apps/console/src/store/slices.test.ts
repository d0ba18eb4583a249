import { describe, expect, it } from 'vitest';
import { authzSlice, configSlice } from './slices.ts';

// The frame is pushed `permissions` and `groupConfigs` when these references change: a reload that
// brings the same data must keep them, or every reload would push (and reset) the frame's pages.
describe('store slices keep what a reload did not change', () => {
  const config = {
    language: 'en',
    timeZone: 'UTC',
    dateFormat: 'YYYY-MM-DD',
    calendarFormat: '24h',
    hiddenTabs: ['reports'],
    groupFields: { vizixVocabularyLabelZones: { en: 'Areas' } },
    userFields: { language: { value: 'en', parentValue: 'en' } },
  };

  it('config: the same configuration again keeps the state, its group fields included', () => {
    const first = configSlice.reducer(undefined, configSlice.actions.loaded(config));
    const again = configSlice.reducer(first, configSlice.actions.loaded(structuredClone(config)));
    expect(again).toBe(first);
    expect(again.groupFields).toBe(first.groupFields);
  });

  it('config: a changed time zone keeps the group fields; changed fields replace them', () => {
    const first = configSlice.reducer(undefined, configSlice.actions.loaded(config));
    const zoned = configSlice.reducer(
      first,
      configSlice.actions.loaded({ ...structuredClone(config), timeZone: 'Europe/Paris' }),
    );
    expect(zoned.timeZone).toBe('Europe/Paris');
    expect(zoned.groupFields).toBe(first.groupFields);
    const relabelled = configSlice.reducer(
      zoned,
      configSlice.actions.loaded({
        ...config,
        groupFields: { vizixVocabularyLabelZones: { en: 'Sites' } },
      }),
    );
    expect(relabelled.groupFields).toEqual({ vizixVocabularyLabelZones: { en: 'Sites' } });
    expect(relabelled.groupFields).not.toBe(first.groupFields);
  });

  it('authz: the same permissions again keep the list; a change replaces it', () => {
    const first = authzSlice.reducer(
      undefined,
      authzSlice.actions.loaded({ permissions: ['zone:*', 'thing:r'], visibilityGroups: [] }),
    );
    const again = authzSlice.reducer(
      first,
      authzSlice.actions.loaded({ permissions: ['zone:*', 'thing:r'], visibilityGroups: [] }),
    );
    expect(again).toBe(first);
    expect(again.permissions).toBe(first.permissions);
    const changed = authzSlice.reducer(
      again,
      authzSlice.actions.loaded({ permissions: ['zone:*'], visibilityGroups: [] }),
    );
    expect(changed.permissions).toEqual(['zone:*']);
  });
});
