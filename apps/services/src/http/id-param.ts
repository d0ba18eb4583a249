import { z } from 'zod';

/** A record id in a path or a query: a positive whole number that fits the databases' integer. */
export const pathId = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

/** A record id in a path (`/thing/{id}`). */
export const idParam = z.object({ id: pathId });
