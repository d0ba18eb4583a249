// Ported from the real platform's UserControllerTest.java (one case per real @Test; see harness.ts).
//
// Adapted, and only there: the real createUserMap uses the username as the password and "e" + name as
// the e-mail. Portico refuses a password equal to the username and an address that is not one
// (API.md, Security model), so the ported map sends another password and a real address; the
// platform's extra keys (`apiKey`, `middleName`) are sent as the real test sends them (skipped).
import { describe, expect, it } from 'vitest';
import type { JsonMap } from './harness.ts';
import { UNKNOWN_RECORD, millis, usePlatform } from './harness.ts';

const platform = usePlatform();

function createUserMap(name: string): JsonMap {
  return {
    username: name,
    password: `pw-${name}-Zq`,
    apiKey: name,
    firstName: `f${name}`,
    middleName: `m${name}`,
    lastName: `l${name}`,
    email: `e${name}@example.com`,
    'group.id': 1,
  };
}

async function createUser(name: string): Promise<unknown> {
  return (await platform.expectResponse('/user', 201, 'PUT', createUserMap(name))).id;
}

async function updateUser(name: string, id: unknown): Promise<unknown> {
  return (await platform.expectResponse(`/user/${String(id)}`, 200, 'PATCH', createUserMap(name)))
    .id;
}

async function deleteUser(name: string, id: unknown): Promise<void> {
  await platform.expectResponse(`/user/${String(id)}`, 204, 'DELETE', createUserMap(name));
}

const NO_SHIFTS = 'Portico has no work shifts (mondayStart / mondayEnd)';

describe('UserControllerTest (real platform)', () => {
  it('testListUser', async () => {
    await platform.expectResponse('/user', 200, 'GET');
  });

  it('testGetUser', async () => {
    await platform.expectResponse('/user/1', 200, 'GET');
  });

  it('testValidateGetUser: an unknown user is refused with the platform message', async () => {
    const answer = await platform.expectResponse('/user/99999', UNKNOWN_RECORD, 'GET');
    expect(answer.message).toBe('UserId[99999] not found');
  });

  it('testCreateUpdateDeleteUser', async () => {
    const name = millis();
    let id = await createUser(name);
    id = await updateUser(name, id);
    await deleteUser(name, id);
  });

  it('testCreateDuplicatedUpdateDeleteUser: a taken username is refused (Portico: 409)', async () => {
    const name = millis();
    let id = await createUser(name);
    const duplicate = await platform.expectResponse('/user', 409, 'PUT', createUserMap(name));
    expect(duplicate.error).toBeTruthy();
    id = await updateUser(name, id);
    await deleteUser(name, id);
  });

  it('testCreateUpdateDuplicatedDeleteUser: renaming to a taken username is refused (Portico: 409)', async () => {
    const name = millis();
    const name2 = millis();
    const id = await createUser(name);
    const id2 = await createUser(name2);
    await platform.expectResponse(`/user/${String(id2)}`, 409, 'PATCH', createUserMap(name));
    await deleteUser(name, id);
    await deleteUser(name2, id2);
  });

  it('testInsertUserWithCorrectShift: the shift keys are skipped', async () => {
    const body = { ...createUserMap(millis()), mondayStart: 10, mondayEnd: 20 };
    await platform.expectResponse('/user', 201, 'PUT', body);
  });

  it.skip(`testInsertUserWithBadRangeShift — ${NO_SHIFTS}`, () => {});

  it.skip(`testInsertUserWithNullShift — ${NO_SHIFTS}`, () => {});

  it.skip(`testUpdateUserWithCorrectShift — ${NO_SHIFTS}`, () => {});

  it.skip(`testUpdateUserWithBadRangeShift — ${NO_SHIFTS}`, () => {});

  it.skip(`testUpdateUserWithNullShift — ${NO_SHIFTS}`, () => {});
});
