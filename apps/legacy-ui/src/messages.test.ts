import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from './api-client.ts';
import { translator } from './i18n.ts';
import { describeError, describeFieldError, describeSchemaProblem } from './messages.ts';
import { RESOURCES } from './resources.ts';

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
      'a deployed model cannot be deleted: move it to validated or retired first',
      'A deployed model is in use: change its status to validated or retired, then delete it.',
    ],
    [
      'You cannot delete yourself',
      "You can't delete your own account. Ask another administrator if it must go.",
    ],
  ])('a 409 "%s" is said in words', (message, sentence) => {
    expect(describeError(t, new ApiError(409, message))).toBe(sentence);
  });

  it.each<[string, Record<string, unknown>, string]>([
    [
      'a limit of one thing',
      { license: 'limitReached', limit: 'maxThings', max: 1, used: 1 },
      'License limit reached: your license allows only 1 of these. Ask for a license with more, or delete one you no longer need.',
    ],
    [
      'a limit of 1,500 users',
      { license: 'limitReached', limit: 'maxUsers', max: 1500, used: 1500 },
      'License limit reached: your license allows at most 1,500 of these. Ask for a license with more, or delete one you no longer need.',
    ],
    [
      'an expired license',
      { license: 'expired', limit: 'maxZones', expiresAt: '2026-01-31T23:59:59.999Z' },
      'Your license expired on 2026-01-31: nothing of this kind can be created until a new license is installed.',
    ],
    [
      'a limit with no maximum',
      { license: 'limitReached', limit: 'maxThings' },
      t('error.forbidden'),
    ],
    ['no license detail', {}, t('error.forbidden')],
  ])('a license refusal (%s) is said in words', (_name, details, sentence) => {
    expect(
      describeError(t, new ApiError(403, 'License limit reached', {}, undefined, [], details)),
    ).toBe(sentence);
  });

  it('anything else gets its status sentence, never the API text', () => {
    expect(describeError(t, new ApiError(409, 'Some other conflict'))).toBe(t('error.conflict'));
    expect(describeError(t, new NetworkError(new TypeError('Failed to fetch')))).toBe(
      t('error.network'),
    );
  });
});

describe('a JSON value’s schema problems, from their keyword', () => {
  it.each([
    [{ keyword: 'required' }, 'is required'],
    [{ keyword: 'additionalProperties' }, 'is not a known setting'],
    [{ keyword: 'type', params: { type: 'integer' } }, 'must be of type integer'],
    [{ keyword: 'enum', params: { allowedValues: ['csv', 'json'] } }, 'must be one of csv, json'],
    [{ keyword: 'minimum', params: { limit: 1 } }, 'must be at least 1'],
    [{ keyword: 'maximum', params: { limit: 86400 } }, 'must be at most 86,400'],
    [{ keyword: 'minLength', params: { limit: 1 } }, 'is too short (at least 1)'],
    [{ keyword: 'minItems', params: { limit: 1 } }, 'is too short (at least 1)'],
    [{ keyword: 'maxLength', params: { limit: 500 } }, 'is too long (at most 500)'],
    [{ keyword: 'maxItems', params: { limit: 100 } }, 'is too long (at most 100)'],
    [{ keyword: 'pattern' }, 'is not in the expected form'],
    [{ keyword: 'format' }, 'is not valid'],
  ])('%o → %s', (problem, text) => {
    expect(describeSchemaProblem(t, { pointer: '/x', message: 'English', ...problem })).toBe(text);
  });
});

describe('a cron expression or app configuration refused', () => {
  const cron = RESOURCES.scheduledRule!.fields.find((field) => field.kind === 'cron');
  const config = RESOURCES.streamApp!.fields.find((field) => field.kind === 'appConfig');
  it.each([
    [cron, 'cron:neverRuns', 'No date matches this expression: the rule would never run.'],
    [
      cron,
      'cron:fieldCount',
      'A cron expression has five fields separated by spaces (or six, with seconds first).',
    ],
    [
      cron,
      'minute: Invalid value for minute: 61',
      'One of the fields has a value out of its range or that cron does not read.',
    ],
    [cron, 'required', 'This field is required.'],
    [
      config,
      'does not match the mqttBridge schema: /topic is required',
      'These settings do not match what this kind accepts:',
    ],
    [
      config,
      'Invalid input: expected record, received array',
      'Enter a JSON object, for example {"host": "mqtt.example.com"}.',
    ],
  ])('%#: %s', (field, reason, text) => {
    expect(describeFieldError(t, field, reason)).toBe(text);
  });
});
