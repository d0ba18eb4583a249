/**
 * Decodes percent escapes (`decodeURIComponent`), or answers the text unchanged when an escape is
 * malformed (`%E0%A4%A`): a bad address is handled by the placeholder and guard rules, never thrown.
 * The one URI-decode helper of the workspace.
 */
export function decodeUriLenient(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
