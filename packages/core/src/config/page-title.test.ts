import { describe, expect, it } from 'vitest';
import { TITLE_SEPARATOR, composePageTitle } from './page-title.ts';

describe('composePageTitle', () => {
  it.each([
    ['Assets', 'Acme Track', 'Assets · Acme Track'],
    ['  Assets ', ' Acme Track ', 'Assets · Acme Track'],
    [null, 'Acme Track', 'Acme Track'],
    [undefined, 'Portico', 'Portico'],
    ['', 'Portico', 'Portico'],
    ['   ', 'Portico', 'Portico'],
    ['Portico', 'Portico', 'Portico'],
    ['Settings', '', 'Settings'],
  ])('%j + %j → %j', (page, platform, title) => {
    expect(composePageTitle(page, platform)).toBe(title);
  });

  it('uses the middle dot separator', () => {
    expect(TITLE_SEPARATOR).toBe(' · ');
  });
});
