// A query parameter's comma-separated list (`fields=name,serial`, `order=name:asc, id:desc`).

/** The items of comma-separated `text`, each trimmed, the empty ones dropped. */
export function commaItems(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}
