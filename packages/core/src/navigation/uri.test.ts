import { describe, expect, it } from 'vitest';
import { decodeUriLenient } from './uri.ts';

describe('decodeUriLenient', () => {
  it.each([
    ['/app/tenants/group/config/caf%C3%A9', '/app/tenants/group/config/café'],
    ['/app/tenants/group/config/%E0%A4%A', '/app/tenants/group/config/%E0%A4%A'],
    ['%', '%'],
    ['a%20b', 'a b'],
    ['', ''],
  ])('%s → %s', (input, expected) => {
    expect(decodeUriLenient(input)).toBe(expected);
  });
});
