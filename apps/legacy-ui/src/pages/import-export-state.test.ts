import { describe, expect, it } from 'vitest';
import { columnsOf, isMoving, progressPercent, secondsText } from './import-export-state.ts';

describe('import / export state', () => {
  it.each([
    ['running', true],
    ['checked', false],
    ['done', false],
    ['failed', false],
    ['cancelled', false],
    ['invalid', false],
  ] as const)('a %s job moves: %s', (state, moving) => {
    expect(isMoving({ state })).toBe(moving);
  });

  it.each([
    ['running', 250, 1000, 25],
    ['running', 0, 0, 0],
    ['running', 1500, 1000, 100],
    ['done', 3, 1000, 100],
  ] as const)('%s %i of %i → %i %%', (state, processed, totalRows, percent) => {
    expect(progressPercent({ state, processed, totalRows })).toBe(percent);
  });

  it.each([
    [2400, 'en', '2.4'],
    [2400, 'fr', '2,4'],
    [null, 'en', ''],
    [-1, 'en', ''],
  ] as const)('%s ms in %s → %j s', (ms, language, text) => {
    expect(secondsText(ms, language)).toBe(text);
  });

  it('names the columns of each resource and its key', () => {
    expect(columnsOf('thing')).toEqual({
      columns: 'name, serial, thingType, zone, status, group',
      key: 'serial',
    });
    expect(columnsOf('user').key).toBe('username');
  });
});
