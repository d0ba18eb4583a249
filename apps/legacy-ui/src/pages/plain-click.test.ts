import { describe, expect, it } from 'vitest';
import { isPlainClick } from './plain-click.ts';

const plain = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false };

describe('isPlainClick', () => {
  it.each([
    ['the main button alone', {}, true],
    ['the middle button', { button: 1 }, false],
    ['the secondary button', { button: 2 }, false],
    ['with Meta (a new tab on macOS)', { metaKey: true }, false],
    ['with Ctrl (a new tab)', { ctrlKey: true }, false],
    ['with Shift (a new window)', { shiftKey: true }, false],
    ['with Alt (a download)', { altKey: true }, false],
  ])('%s %j: kept in the frame %s', (_what, change, kept) => {
    expect(isPlainClick({ ...plain, ...change })).toBe(kept);
  });
});
