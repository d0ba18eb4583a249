// The shell's side of unsaved work: what the frame reports, the browser's own warning on tab close
// while dirty, the update reload held, and the draft kept (or not) when the session ends.
import { beforeEach, describe, expect, it } from 'vitest';
import { isBusy } from '../updates/busy-registry.ts';
import { createUnsavedWork, leavesRecord } from './unsaved-work.ts';

function setup(userId: number | null = 2) {
  const target = new EventTarget() as unknown as Window;
  let user = userId;
  const work = createUnsavedWork({ userId: () => user, target });
  const closing = () => {
    const event = new Event('beforeunload', { cancelable: true });
    target.dispatchEvent(event);
    return event.defaultPrevented;
  };
  return { work, closing, signIn: (id: number | null) => (user = id) };
}

beforeEach(() => sessionStorage.clear());

describe('unsaved work reported by the frame', () => {
  it('warns on tab close and holds update reloads only while a form is dirty', () => {
    const { work, closing } = setup();
    expect(closing()).toBe(false);
    work.report({ dirty: true, path: '/things/thing/7?q=a', draft: { name: 'x' } });
    expect(work.current()).toEqual({ path: '/things/thing/7?q=a', draft: { name: 'x' } });
    expect(closing()).toBe(true);
    expect(isBusy()).toBe(true);
    // a clean report for another record (an older form closing late) changes nothing
    work.report({ dirty: false, path: '/things/thing/8' });
    expect(closing()).toBe(true);
    work.report({ dirty: false, path: '/things/thing/7' });
    expect(work.current()).toBeNull();
    expect(closing()).toBe(false);
    expect(isBusy()).toBe(false);
  });

  it('keeps the draft for the same user when the session ends on them, and hands it over once', () => {
    const { work } = setup(2);
    work.report({ dirty: true, path: '/things/thing/7?q=a', draft: { name: 'half' } });
    work.sessionEnding(2, false);
    expect(work.current()).toBeNull();
    expect(Object.keys(sessionStorage)).toEqual(['UNSAVED_DRAFT.2']);
    expect(sessionStorage.getItem('UNSAVED_DRAFT.2')).not.toMatch(/token/i);
    expect(work.takeDraft('/things/thing/8')).toBeNull(); // another record: kept for its own
    expect(work.takeDraft('/things/thing/7')).toEqual({ name: 'half' });
    expect(work.takeDraft('/things/thing/7')).toBeNull();
  });

  it('keeps nothing when the user chose to sign out', () => {
    const { work } = setup(2);
    work.report({ dirty: true, path: '/things/thing/7', draft: { name: 'half' } });
    work.sessionEnding(2, true);
    expect(Object.keys(sessionStorage)).toEqual([]);
  });

  it('another user never gets the draft, and their sign-in deletes it', () => {
    const { work, signIn } = setup(2);
    work.report({ dirty: true, path: '/things/thing/7', draft: { name: 'private' } });
    work.sessionEnding(2, false);
    signIn(3);
    expect(work.takeDraft('/things/thing/7')).toBeNull();
    work.sessionStarted(3);
    expect(Object.keys(sessionStorage)).toEqual([]);
  });

  it.each([
    ['/app/things/thing/7?q=a', false],
    ['/app/things/thing/7', false],
    ['/app/things/thing?q=a', true],
    ['/app/model/zone', true],
  ])('a shell navigation to %s leaves the record: %s', (url, leaves) => {
    expect(leavesRecord({ path: '/things/thing/7?q=a', draft: {} }, url)).toBe(leaves);
  });
});
