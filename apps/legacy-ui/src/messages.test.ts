import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from './api-client.ts';
import { translator } from './i18n.ts';
import { describeError } from './messages.ts';

const t = translator('en');

describe('describeError', () => {
  it.each([
    [
      // the services' words for the last administrator
      'Refused: globex is the last active user of Globex holding every tenant-administrator permission. Give another user of Globex those permissions first.',
      'This is the last administrator. Give another account administrator rights first.',
    ],
    [
      'Refused: no active user of Acme Logistics would hold every tenant-administrator permission any more. Give another user of Acme Logistics those permissions first.',
      'This is the last administrator. Give another account administrator rights first.',
    ],
    [
      'You cannot delete yourself',
      "You can't delete your own account. Ask another administrator if it must go.",
    ],
  ])('a 409 "%s" is said in words', (message, sentence) => {
    expect(describeError(t, new ApiError(409, message))).toBe(sentence);
  });

  it('anything else gets its status sentence, never the API text', () => {
    expect(describeError(t, new ApiError(409, 'Some other conflict'))).toBe(t('error.conflict'));
    expect(describeError(t, new NetworkError(new TypeError('Failed to fetch')))).toBe(
      t('error.network'),
    );
  });
});
