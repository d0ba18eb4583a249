import { describe, expect, it } from 'vitest';
import { formatCount, translate } from './i18n.ts';

describe('numbers in sentences are written the language’s way', () => {
  it.each([
    ['en', '20,000 total'],
    ['es', '20.000 en total'],
    ['pt-BR', '20.000 no total'],
    ['fr', '20\u202f000 au total'],
    ['it', '20.000 in totale'],
  ])('%s: %s', (language, expected) => {
    expect(translate(language, 'list.total', { count: 20000 })).toBe(expected);
  });

  it('text values are left as they are, and an unknown language falls back to English digits', () => {
    expect(translate('en', 'list.open', { name: '1000' })).toBe('Open 1000');
    expect(formatCount('xx-invalid-', 1234)).toBe('1,234');
  });
});
