import { describe, expect, it } from 'vitest';
import {
  WEBHOOK_TEST_EVENT,
  subscriptionWants,
  webhookEventFor,
  webhookEventTypes,
  webhookPatternProblem,
} from './webhook-events.ts';

const RESOURCES = ['zone', 'thing', 'user'];

describe('webhookEventFor', () => {
  it.each([
    ['create', 'zone', 'zone.created'],
    ['update', 'thing', 'thing.updated'],
    ['delete', 'user', 'user.deleted'],
    ['field.set', 'user', 'user.updated'],
    ['field.remove', 'group', 'group.updated'],
    ['login.failed', 'session', 'session.login.failed'],
    ['login', 'session', null],
    ['logout', 'session', null],
    ['create', 'session', null],
    ['restore', 'zone', 'zone.restored'],
    ['restore', 'session', null],
    ['create', 'zone.x', null],
    ['create', '', null],
  ] as const)('%s on %s → %s', (action, resource, event) => {
    expect(webhookEventFor(action, resource)).toBe(event);
  });
});

describe('webhookPatternProblem', () => {
  it.each([
    ['*', null],
    ['zone.*', null],
    ['zone.created', null],
    ['thing.deleted', null],
    ['thing.restored', null],
    ['session.login.failed', null],
    ['session.*', 'names no resource'],
    ['zone', 'action must be'],
    ['zone.moved', 'action must be'],
    ['zone.', 'action must be'],
    ['report.created', 'names no resource'],
    ['', 'names no resource'],
    [WEBHOOK_TEST_EVENT, 'names no resource'],
  ] as const)('%j → %s', (pattern, problem) => {
    const found = webhookPatternProblem(pattern, RESOURCES);
    if (problem === null) expect(found).toBeNull();
    else expect(found).toContain(problem);
  });
});

describe('subscriptionWants', () => {
  it.each([
    [['zone.created'], 'zone.created', true],
    [['zone.created'], 'zone.updated', false],
    [['zone.*'], 'zone.deleted', true],
    [['zone.*'], 'zones.deleted', false],
    [['zone.*'], 'thing.created', false],
    [['*'], 'thing.created', true],
    [['*'], 'session.login.failed', true],
    [['zone.*'], 'session.login.failed', false],
    [['session.login.failed'], 'session.login.failed', true],
    [['*'], WEBHOOK_TEST_EVENT, false],
    [[], 'zone.created', false],
  ] as const)('%j wants %s: %s', (patterns, event, wanted) => {
    expect(subscriptionWants(patterns, event)).toBe(wanted);
  });

  it('every listed event type is a valid pattern and is wanted by itself', () => {
    for (const type of webhookEventTypes(RESOURCES)) {
      expect(webhookPatternProblem(type, RESOURCES)).toBeNull();
      expect(subscriptionWants([type], type)).toBe(true);
    }
    expect(webhookEventTypes(RESOURCES)).toHaveLength(RESOURCES.length * 4 + 1);
  });
});
