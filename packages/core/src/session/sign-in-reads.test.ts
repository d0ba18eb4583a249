import { describe, expect, it } from 'vitest';
import {
  MAX_SIGN_IN_READS,
  SIGN_IN_READS,
  fillSignInReadPath,
  isSignInRead,
} from './sign-in-reads.ts';

describe('the reads a sign-in can carry', () => {
  it.each([
    ['GET', '/user/whoami', true],
    ['GET', '/user/{userId}', true],
    ['GET', '/user/{userId}/permissions', true],
    ['GET', '/group/{groupId}/inheritedFields', true],
    ['POST', '/user/{userId}/inheritedFields', true],
    ['POST', '/user/{userId}/visibilityGroups', true],
    // a write, even on a path that is read elsewhere
    ['PUT', '/user/{userId}', false],
    ['DELETE', '/user/{userId}', false],
    ['POST', '/user/{userId}', false],
    ['POST', '/user/login', false],
    ['POST', '/user/logout', false],
    // the GET of a POST read, and the reverse
    ['GET', '/user/{userId}/visibilityGroups', false],
    ['POST', '/group/{groupId}/inheritedFields', false],
    // an id instead of the placeholder: the server fills ids, the client cannot name another user
    ['GET', '/user/7', false],
    ['GET', '/user/{groupId}', false],
    // a stream, a list, anything else
    ['GET', '/configEvents', false],
    ['GET', '/thing', false],
    ['GET', '/user/whoami/', false],
    ['get', '/user/whoami', false],
    ['GET', '', false],
  ])('%s %s → %s', (method, path, expected) => {
    expect(isSignInRead(method, path)).toBe(expected);
  });

  it.each([
    ['/user/{userId}', '/user/7'],
    ['/user/{userId}/permissions', '/user/7/permissions'],
    ['/group/{groupId}/inheritedFields', '/group/3/inheritedFields'],
    ['/user/whoami', '/user/whoami'],
  ])('fills %s as %s', (path, filled) => {
    expect(fillSignInReadPath(path, { userId: 7, groupId: 3 })).toBe(filled);
  });

  it('has room for every read once', () => {
    expect(SIGN_IN_READS.length).toBeLessThanOrEqual(MAX_SIGN_IN_READS);
  });
});
