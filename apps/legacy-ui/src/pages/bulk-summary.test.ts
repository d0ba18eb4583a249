import { describe, expect, it } from 'vitest';
import type { BulkResult } from '../api-client.ts';
import { translator } from '../i18n.ts';
import type { ResourceDef } from '../resources.ts';
import { bulkSummary, namesText } from './bulk-summary.ts';

const words = {
  one: (resource: ResourceDef) => (resource.api === 'logicalReader' ? 'Logical reader' : 'Asset'),
  many: (resource: ResourceDef) =>
    resource.api === 'logicalReader' ? 'Logical readers' : 'Assets',
};
const docks = (n: number) => Array.from({ length: n }, (_, i) => `Dock ${i + 1}`);

describe('names in a sentence', () => {
  it.each([
    ['en', docks(1), 1, 'Dock 1'],
    ['en', docks(2), 2, 'Dock 1 and Dock 2'],
    ['en', docks(4), 4, 'Dock 1, Dock 2, Dock 3, and Dock 4'],
    ['en', docks(5), 5, 'Dock 1, Dock 2, Dock 3, and 2 more'],
    ['en', docks(3), 1234, 'Dock 1, Dock 2, Dock 3, and 1,231 more'],
    ['fr', docks(5), 5, 'Dock 1, Dock 2, Dock 3 et 2 autres'],
    ['es', docks(5), 5, 'Dock 1, Dock 2, Dock 3 y 2 más'],
    ['it', docks(4), 10, 'Dock 1, Dock 2, Dock 3 e altri 7'],
    ['pt-BR', docks(5), 5, 'Dock 1, Dock 2, Dock 3 e mais 2'],
  ])('%s: %j of %d', (language, names, total, expected) => {
    expect(namesText(translator(language), language, names, total)).toBe(expected);
  });
});

describe('a bulk answer, grouped', () => {
  const result: BulkResult = {
    action: 'delete',
    total: 6,
    done: [
      { id: 1, name: 'Dock 3' },
      { id: 2, name: 'Dock 4' },
      { id: 3, name: 'Dock 5' },
    ],
    failed: [
      {
        id: 4,
        name: 'Dock 1',
        status: 409,
        error: 'still used',
        usedBy: { resource: 'logicalReader', count: 2 },
      },
      {
        id: 5,
        name: 'Dock 2',
        status: 409,
        error: 'still used',
        usedBy: { resource: 'logicalReader', count: 3 },
      },
      { id: 6, name: null, status: 404, error: 'zone 6 not found' },
    ],
  };
  it.each([
    [
      'en',
      '3 deleted',
      [
        '2 still used by 5 logical readers: Dock 1 and Dock 2',
        '1 not done (This record no longer exists; someone may have deleted it. Go back to the list): #6',
      ],
    ],
    ['fr', '3 supprimés', ['2 encore utilisés par 5 logical readers : Dock 1 et Dock 2']],
  ])('%s', (language, done, problems) => {
    const summary = bulkSummary(translator(language), language, result, words);
    expect(summary.done).toBe(done);
    expect(summary.problems.slice(0, problems.length)).toEqual(problems);
  });

  it('one record and one use are said in the singular', () => {
    const one: BulkResult = {
      action: 'delete',
      total: 2,
      done: [{ id: 1, name: 'Dock 3' }],
      failed: [
        {
          id: 4,
          name: 'Dock 1',
          status: 409,
          error: 'x',
          usedBy: { resource: 'logicalReader', count: 1 },
        },
      ],
    };
    const summary = bulkSummary(translator('en'), 'en', one, words);
    expect(summary).toEqual({
      done: '1 deleted',
      problems: ['1 still used by 1 logical reader: Dock 1'],
    });
    expect(bulkSummary(translator('es'), 'es', one, words).done).toBe('1 eliminado');
    expect(
      bulkSummary(
        translator('es'),
        'es',
        { ...one, done: [...one.done, { id: 9, name: 'x' }] },
        words,
      ).done,
    ).toBe('2 eliminados');
  });
});
