// The shared field rules of the protocol's schemas: ids are safe integers, legacy paths start with
// "/", a draft has a bounded number of fields. Written as plain check functions (the frame kit's
// size), they must refuse exactly what zod's own checks refused.
import { describe, expect, it } from 'vitest';
import {
  DRAFT_MAX_FIELDS,
  draftSchema,
  framePayloadSchemas,
  hostPayloadSchemas,
  legacyPathSchema,
} from './protocol.ts';

describe('integer ids (groupId, tabId, folderId)', () => {
  const groupId = (value: unknown) =>
    framePayloadSchemas.updateGroupConfigMenu.safeParse({ groupId: value }).success;

  it.each([0, 7, -3, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER])('takes %s', (value) =>
    expect(groupId(value)).toBe(true),
  );

  it.each([
    1.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.MAX_SAFE_INTEGER + 1,
    -(2 ** 60),
    '7',
    null,
    undefined,
    7n,
  ])('refuses %s', (value) => expect(groupId(value)).toBe(false));

  it('stays nullable where the protocol says so', () => {
    expect(hostPayloadSchemas.openCustomTabModal.safeParse({ tabId: null }).success).toBe(true);
    expect(hostPayloadSchemas.openCustomTabModal.safeParse({ tabId: 2.5 }).success).toBe(false);
  });
});

describe('legacy paths', () => {
  it.each(['/', '/things/thing/7?page=2', `/${'a'.repeat(2047)}`])('takes %s', (path) =>
    expect(legacyPathSchema.safeParse(path).success).toBe(true),
  );

  it.each(['', 'things', 'https://evil.example/', ' /x', `/${'a'.repeat(2048)}`, 7])(
    'refuses %s',
    (path) => expect(legacyPathSchema.safeParse(path).success).toBe(false),
  );
});

describe('drafts', () => {
  const fields = (count: number) =>
    Object.fromEntries(Array.from({ length: count }, (_, i) => [`f${i}`, 'x']));

  it(`takes up to ${DRAFT_MAX_FIELDS} fields, not one more, with a message saying so`, () => {
    expect(draftSchema.safeParse(fields(DRAFT_MAX_FIELDS)).success).toBe(true);
    const over = draftSchema.safeParse(fields(DRAFT_MAX_FIELDS + 1));
    expect(over.success).toBe(false);
    expect(over.error?.issues[0]?.message).toBe(`a draft has at most ${DRAFT_MAX_FIELDS} fields`);
  });

  it('refuses what is not a record of text before counting', () => {
    expect(draftSchema.safeParse(null).success).toBe(false);
    expect(draftSchema.safeParse(['x']).success).toBe(false);
    expect(draftSchema.safeParse({ name: 7 }).success).toBe(false);
  });
});
