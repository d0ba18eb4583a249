/** What {@link isPlainClick} reads of a click. */
export interface ClickKeys {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/**
 * A click an internal link keeps in the frame: the main button with no modifier. Any other (a new
 * tab, a new window, a download, the middle button) is the browser's, on the link's console `href`.
 */
export function isPlainClick(event: ClickKeys): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
