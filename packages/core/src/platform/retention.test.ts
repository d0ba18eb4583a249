import { describe, expect, it } from 'vitest';
import {
  RETENTION_KINDS,
  isRetentionKind,
  retentionCutoff,
  retentionProblem,
} from './retention.ts';

describe('retentionProblem', () => {
  it.each([
    ['auditEntries', null, null],
    ['auditEntries', 30, null],
    ['auditEntries', 29, 'at least 30'],
    ['auditEntries', 3650, null],
    ['auditEntries', 3651, 'at most 3650'],
    ['analyticsEvents', 1, null],
    ['analyticsEvents', 0, 'at least 1'],
    ['webhookDeliveries', -5, 'at least 1'],
    ['webhookDeliveries', 1.5, 'whole number'],
    ['webhookDeliveries', '7', 'whole number'],
    ['webhookDeliveries', undefined, 'whole number'],
    ['webhookDeliveries', Number.NaN, 'whole number'],
  ] as const)('%s kept %j days → %s', (kind, days, problem) => {
    const found = retentionProblem(kind, days);
    if (problem === null) expect(found).toBeNull();
    else expect(found).toContain(problem);
  });

  it('knows its kinds and nothing else', () => {
    for (const kind of RETENTION_KINDS) expect(isRetentionKind(kind)).toBe(true);
    expect(isRetentionKind('users')).toBe(false);
    expect(isRetentionKind('__proto__')).toBe(false);
  });

  it('cuts off whole days before now', () => {
    expect(retentionCutoff(Date.UTC(2026, 10, 26), 30)).toBe(Date.UTC(2026, 9, 27));
  });
});
