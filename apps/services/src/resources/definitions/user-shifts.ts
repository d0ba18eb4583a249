// A user's weekly shift, as the real platform takes it on a user write (UserService.getShifts):
// `mondayStart` / `mondayEnd` … `sundayStart` / `sundayEnd`, minutes of the day. A day is given
// whole or not at all; both must be integers within the day, the start not after the end. A day
// sent as two nulls is cleared (the platform leaves it as it was; Portico lets a client clear it).
import { z } from 'zod';
import { SHIFT_DAYS } from '../../db/shift-days.ts';
import type { HttpError } from '../../http/http-error.ts';
import { invalidField, withPlatformMessage } from '../../http/http-error.ts';
import type { FieldSpec, Row } from '../resource-spec.ts';

const MINUTES_IN_DAY = 24 * 60;

/** The shift columns of a user, each a field of its own (integer minutes, nullable). */
export const SHIFT_FIELDS: Record<string, FieldSpec> = Object.fromEntries(
  SHIFT_DAYS.flatMap((day) =>
    ['Start', 'End'].map((edge) => [
      `${day}${edge}`,
      {
        kind: 'integer',
        // the platform's own words for a value that is no integer
        write: z
          .number({ error: 'Start and End must be Integers' })
          .int('Start and End must be Integers')
          .nullable(),
        nullable: true,
        filter: false,
      } satisfies FieldSpec,
    ]),
  ),
);

function refused(field: string, text: string): HttpError {
  return withPlatformMessage(invalidField(field, text), text);
}

/** Refuses a day given by halves or out of the day's range, with the platform's words (400). */
export function checkShifts(values: Row): void {
  for (const day of SHIFT_DAYS) {
    const startKey = `${day}Start`;
    const endKey = `${day}End`;
    const start = values[startKey];
    const end = values[endKey];
    const given = (value: unknown) => value !== undefined && value !== null;
    if (!given(start) && !given(end)) {
      // both absent: unchanged; both null: cleared; one null beside an absent one: refused
      if ((start === null) !== (end === null))
        throw refused(start === null ? endKey : startKey, 'You must define both Start and End');
      continue;
    }
    if (!given(start) || !given(end))
      throw refused(given(start) ? endKey : startKey, 'You must define both Start and End');
    const first = start as number;
    const last = end as number;
    if (first < 0 || first >= MINUTES_IN_DAY) throw refused(startKey, 'Invalid range of time');
    if (last < 0 || last >= MINUTES_IN_DAY || first > last)
      throw refused(endKey, 'Invalid range of time');
  }
}
