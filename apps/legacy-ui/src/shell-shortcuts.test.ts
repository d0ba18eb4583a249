import { afterEach, describe, expect, it, vi } from 'vitest';
import { installShellShortcuts } from './shell-shortcuts.ts';
import { applyTheme } from './theme.ts';

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  stop = null;
});

function press(init: KeyboardEventInit, target: EventTarget = document.body): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
}

describe('installShellShortcuts', () => {
  it.each<[KeyboardEventInit, string | null, boolean]>([
    [{ key: 'k', ctrlKey: true }, 'openPalette', true],
    [{ key: 'K', ctrlKey: true }, 'openPalette', true], // caps lock
    [{ key: 'k', metaKey: true }, 'openPalette', true],
    [{ key: 'k' }, null, false],
    [{ key: 'k', ctrlKey: true, shiftKey: true }, null, false],
    [{ key: 'k', ctrlKey: true, altKey: true }, null, false],
    [{ key: 'Escape' }, 'escape', false],
    [{ key: 'Enter' }, null, false],
  ])('%j sends %s (browser default prevented: %s)', (init, command, prevented) => {
    const send = vi.fn();
    stop = installShellShortcuts(window, send);
    const event = press(init);
    expect(send.mock.calls).toEqual(command ? [[command]] : []);
    expect(event.defaultPrevented).toBe(prevented);
  });

  it('leaves an Escape that the frame handled (its own dialog closing) to the frame', () => {
    const send = vi.fn();
    stop = installShellShortcuts(window, send);
    const dialog = document.createElement('div');
    document.body.append(dialog);
    dialog.addEventListener('keydown', (event) => event.preventDefault());
    press({ key: 'Escape' }, dialog);
    expect(send).not.toHaveBeenCalled();
    dialog.remove();
  });

  it('stops listening when asked', () => {
    const send = vi.fn();
    installShellShortcuts(window, send)();
    press({ key: 'k', ctrlKey: true });
    expect(send).not.toHaveBeenCalled();
  });
});

describe('applyTheme', () => {
  it('pins the scheme on the root element', () => {
    const root = document.createElement('html');
    applyTheme(root, 'dark');
    expect(root.dataset.theme).toBe('dark');
    expect(root.style.colorScheme).toBe('dark');
    applyTheme(root, 'light');
    expect(root.dataset.theme).toBe('light');
  });
});
