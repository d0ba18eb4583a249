// The site page's form as flat text values (what a draft keeps), and back into the services' body,
// checked by core's rules on the way (the services check them again).
import {
  MAP_PLACEMENT_FIELDS,
  WEEKDAYS,
  mapPlacementProblems,
  siteAddressProblems,
  siteTimeZoneProblem,
  workingHoursProblems,
} from '@portico/core';
import type { MapPlacement, SiteFieldProblem, Weekday, WorkingHours } from '@portico/core';
import type { SiteBody, SiteDetails } from '../api-client.ts';

export type SiteFormValues = Record<string, string>;

const ADDRESS = ['street', 'city', 'postalCode', 'country'] as const;

/** The form's values of a loaded site (a day closed: its times empty, `closed` "true"). */
export function siteFormValues(site: SiteDetails): SiteFormValues {
  const values: SiteFormValues = { timeZone: site.timeZone };
  for (const field of ADDRESS) values[field] = site.address[field];
  for (const day of WEEKDAYS) {
    const opening = site.workingHours[day];
    values[`${day}.closed`] = opening ? 'false' : 'true';
    values[`${day}.open`] = opening?.open ?? '';
    values[`${day}.close`] = opening?.close ?? '';
  }
  if (site.map)
    for (const field of MAP_PLACEMENT_FIELDS) {
      const value = site.map[field];
      values[`map.${field}`] = value === null ? '' : String(value);
    }
  return values;
}

/** The week the form shows. */
export function formHours(values: SiteFormValues): WorkingHours {
  return Object.fromEntries(
    WEEKDAYS.map((day) => [
      day,
      values[`${day}.closed`] === 'true'
        ? null
        : { open: values[`${day}.open`] ?? '', close: values[`${day}.close`] ?? '' },
    ]),
  ) as Record<Weekday, WorkingHours[Weekday]>;
}

const number = (text: string | undefined) =>
  text === undefined || text.trim() === '' ? Number.NaN : Number(text);
const optionalNumber = (text: string | undefined) =>
  text === undefined || text.trim() === '' ? null : Number(text);

/**
 * The body to save, or each field's problem (keyed as the form's fields: `city`, `timeZone`,
 * `monday`, `map.imageWidth`). `withMap`: the site has a map whose placement the user may change.
 */
export function siteBodyOf(
  values: SiteFormValues,
  withMap: boolean,
): { ok: true; body: SiteBody } | { ok: false; problems: Record<string, SiteFieldProblem> } {
  const address = {
    street: (values.street ?? '').trim(),
    city: (values.city ?? '').trim(),
    postalCode: (values.postalCode ?? '').trim(),
    country: (values.country ?? '').trim(),
  };
  const timeZone = (values.timeZone ?? '').trim();
  const workingHours = formHours(values);
  const problems: Record<string, SiteFieldProblem> = { ...siteAddressProblems(address) };
  const zone = siteTimeZoneProblem(timeZone);
  if (zone) problems.timeZone = zone;
  Object.assign(problems, workingHoursProblems(workingHours));
  let map: MapPlacement | undefined;
  if (withMap) {
    map = {
      imageWidth: number(values['map.imageWidth']),
      imageHeight: number(values['map.imageHeight']),
      imageUnit: values['map.imageUnit'] ?? 'm',
      latOrigin: optionalNumber(values['map.latOrigin']),
      lonOrigin: optionalNumber(values['map.lonOrigin']),
      declination: number(values['map.declination'] || '0'),
    };
    for (const [field, problem] of Object.entries(mapPlacementProblems(map)))
      problems[`map.${field}`] = problem;
  }
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return { ok: true, body: { address, timeZone, workingHours, ...(map ? { map } : {}) } };
}

/** The form field of a services' 400 field name (`address.city` → `city`, `workingHours.monday` → `monday`). */
export function formFieldOf(apiField: string): string {
  return apiField.replace(/^(address|workingHours)\./, '');
}
