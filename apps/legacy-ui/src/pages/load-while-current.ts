/**
 * The loading effect's guard: starts nothing itself, but hands `request`'s answer to `onAnswer`
 * (or its failure to `onError`) only while the effect that asked is current. Return what it
 * returns from the effect: once React cleans the effect up (the page went away, or a dependency
 * changed and the next load started), a late answer or failure lands nowhere, so an older answer
 * never shows over a newer one.
 */
export function loadWhileCurrent<T>(
  request: Promise<T>,
  onAnswer: (answer: T) => void,
  onError: (caught: unknown) => void,
): () => void {
  let current = true;
  request
    .then((answer) => {
      if (current) onAnswer(answer);
    })
    .catch((caught: unknown) => {
      if (current) onError(caught);
    });
  return () => {
    current = false;
  };
}
