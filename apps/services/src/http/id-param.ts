import { z } from 'zod';

/** A record id in a path (`/thing/{id}`): a positive whole number that fits the databases' integer. */
export const idParam = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
