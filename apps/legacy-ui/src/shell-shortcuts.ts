// Keyboard events do not cross the iframe: while the focus is in the legacy UI, the shell's own
// shortcuts would be dead. This forwards them over the bridge (`shortcut`, PROTOCOL.md).

/** What the frame tells the shell. */
export type ShellShortcut = 'openPalette' | 'escape';

/**
 * Listens on `target` for Ctrl+K / ⌘K (the shell's command palette; the browser's own Ctrl+K is
 * prevented) and for an Escape that nothing in the frame handled (a frame dialog closes itself and
 * prevents the default), and calls `send`. Returns the function that stops listening.
 */
export function installShellShortcuts(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>,
  send: (command: ShellShortcut) => void,
): () => void {
  function handleKeyDown(event: KeyboardEvent): void {
    if (
      event.key.toLowerCase() === 'k' &&
      (event.ctrlKey || event.metaKey) &&
      !event.altKey &&
      !event.shiftKey
    ) {
      event.preventDefault();
      send('openPalette');
    } else if (event.key === 'Escape' && !event.defaultPrevented) {
      send('escape');
    }
  }
  target.addEventListener('keydown', handleKeyDown);
  return () => target.removeEventListener('keydown', handleKeyDown);
}
