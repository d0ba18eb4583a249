// A worker's configuration arrives as JSON in its environment: the version its primary was handed
// (scripts/start.ts reads it from git once) travels there, and a malformed one is refused.
import { describe, expect, it } from 'vitest';
import { parseWorkerConfig } from '../src/cluster/cluster-messages.ts';

const base = { host: '127.0.0.1', port: 0, dataDir: '/d', consoleDir: '/c', legacyUiDir: '/l' };
const version = { displayVersion: 'v1.2.3', commit: 'abc123', date: '2024-01-01T00:00:00Z' };

describe('parseWorkerConfig: version', () => {
  it('passes the version through, and leaves it out when none was given', () => {
    expect(parseWorkerConfig(JSON.stringify({ ...base, version })).version).toEqual(version);
    expect(parseWorkerConfig(JSON.stringify(base)).version).toBeUndefined();
  });

  it.each([
    ['text', 'v1'],
    ['null', null],
    ['a list', [version]],
    ['a missing commit', { displayVersion: 'v1', date: 'd' }],
    ['a number for the date', { ...version, date: 1 }],
  ])('refuses %s', (_what, value) => {
    expect(() => parseWorkerConfig(JSON.stringify({ ...base, version: value }))).toThrow(
      /version must be/,
    );
  });
});
