/**
 * A site (the sites configuration dashboard, spec §2 `/tenants/sitesConfiguration`): a
 * group at the site level, the level under its tenant, with its address, its time zone, its working
 * hours and its local map (the platform's `localMap`: an image, its real size and its origin).
 * These are the rules both the services (which refuse) and the pages (which explain) apply.
 */
import { isValidTimeZone } from '../config/formats.ts';

/** A site is a group at this tree level (root 1, tenant 2, site 3). */
export const SITE_TREE_LEVEL = 3;

export interface SiteAddress {
  readonly street: string;
  readonly city: string;
  readonly postalCode: string;
  /** ISO 3166-1 alpha-2 (`US`, `DE`); shown in the reader's language. */
  readonly country: string;
}

/** The longest each address field may be. */
export const SITE_ADDRESS_LIMITS: Readonly<Record<keyof SiteAddress, number>> = {
  street: 200,
  city: 100,
  postalCode: 12,
  country: 2,
};

export type SiteFieldProblem =
  | 'required'
  | 'tooLong'
  | 'badPostalCode'
  | 'unknownCountry'
  | 'unknownTimeZone'
  | 'badTime'
  | 'closeNotAfterOpen'
  | 'notANumber'
  | 'outOfRange'
  | 'unknownUnit';

/** Region codes Intl names that are not countries (regions, unions, the unknown region). */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'ZZ', 'XA', 'XB']);
let regionNames: Intl.DisplayNames | undefined;

/** True for a two-letter ISO 3166-1 country code the runtime's ICU names (`US`, `DE`). */
export function isCountryCode(value: unknown): value is string {
  if (typeof value !== 'string' || !/^[A-Z]{2}$/.test(value) || NOT_COUNTRIES.has(value))
    return false;
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  return regionNames.of(value) !== undefined;
}

let countryCodes: readonly string[] | undefined;

/** Every country code {@link isCountryCode} accepts, in code order. */
export function countryCodeList(): readonly string[] {
  if (!countryCodes) {
    const codes: string[] = [];
    for (let a = 65; a <= 90; a += 1)
      for (let b = 65; b <= 90; b += 1) {
        const code = String.fromCharCode(a, b);
        if (isCountryCode(code)) codes.push(code);
      }
    countryCodes = codes;
  }
  return countryCodes;
}

const POSTAL_CODE = /^[A-Za-z0-9](?:[A-Za-z0-9 -]*[A-Za-z0-9])?$/;

/**
 * The problems of an address, by field (empty: valid). Street, city and country are required; a
 * postal code is optional (not every country has one) and is letters, digits, spaces and hyphens.
 */
export function siteAddressProblems(
  address: SiteAddress,
): Partial<Record<keyof SiteAddress, SiteFieldProblem>> {
  const problems: Partial<Record<keyof SiteAddress, SiteFieldProblem>> = {};
  for (const field of ['street', 'city', 'postalCode', 'country'] as const) {
    const value = address[field].trim();
    if (value === '' && field !== 'postalCode') problems[field] = 'required';
    else if (value.length > SITE_ADDRESS_LIMITS[field] && field !== 'country')
      problems[field] = 'tooLong';
  }
  const postal = address.postalCode.trim();
  if (!problems.postalCode && postal !== '' && !POSTAL_CODE.test(postal))
    problems.postalCode = 'badPostalCode';
  if (!problems.country && !isCountryCode(address.country.trim()))
    problems.country = 'unknownCountry';
  return problems;
}

/** The site's time zone: an IANA zone the runtime knows (`Europe/Berlin`). */
export function siteTimeZoneProblem(value: string): SiteFieldProblem | null {
  if (value.trim() === '') return 'required';
  return isValidTimeZone(value) ? null : 'unknownTimeZone';
}

/** The days of a week, Monday first (ISO 8601). */
export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** One day's opening, `HH:MM` on a 24-hour clock; `close` may be `24:00` (midnight at its end). */
export interface OpeningHours {
  readonly open: string;
  readonly close: string;
}

/** A week: each day its opening, or null when the site is closed that day. */
export type WorkingHours = Readonly<Record<Weekday, OpeningHours | null>>;

/** Monday to Friday 08:00–17:00, closed at the weekend: a new site's hours. */
export const DEFAULT_WORKING_HOURS: WorkingHours = {
  monday: { open: '08:00', close: '17:00' },
  tuesday: { open: '08:00', close: '17:00' },
  wednesday: { open: '08:00', close: '17:00' },
  thursday: { open: '08:00', close: '17:00' },
  friday: { open: '08:00', close: '17:00' },
  saturday: null,
  sunday: null,
};

/** Minutes since midnight of `HH:MM` (`24:00` only when `endOfDay`), or null. */
export function clockMinutes(value: string, endOfDay = false): number | null {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(value);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  if (minutes > 24 * 60 || (minutes === 24 * 60 && !endOfDay)) return null;
  return minutes;
}

/**
 * The problems of a week of working hours, by day (empty: valid): each time `HH:MM`, and the close
 * after the open on the same day (a site open overnight closes at 24:00 and opens at 00:00).
 */
export function workingHoursProblems(
  hours: WorkingHours,
): Partial<Record<Weekday, SiteFieldProblem>> {
  const problems: Partial<Record<Weekday, SiteFieldProblem>> = {};
  for (const day of WEEKDAYS) {
    const opening = hours[day];
    if (opening === null) continue;
    const open = clockMinutes(opening.open);
    const close = clockMinutes(opening.close, true);
    if (open === null || close === null) problems[day] = 'badTime';
    else if (close <= open) problems[day] = 'closeNotAfterOpen';
  }
  return problems;
}

/** Units a map's real size is measured in. */
export const MAP_UNITS = ['m', 'ft'] as const;
export type MapUnit = (typeof MAP_UNITS)[number];

const METRES_PER_UNIT: Readonly<Record<MapUnit, number>> = { m: 1, ft: 0.3048 };

/** The largest real side of a map, in its unit (100 km). */
export const MAX_MAP_SIDE = 100_000;

/**
 * Where and how large a local map is (the platform's `LocalMap` names): its real width and height
 * in `imageUnit`, the latitude and longitude of its origin (its top-left corner; null: not placed
 * on the globe) and its declination (degrees clockwise from north to the map's up).
 */
export interface MapPlacement {
  readonly imageWidth: number;
  readonly imageHeight: number;
  readonly imageUnit: string;
  readonly latOrigin: number | null;
  readonly lonOrigin: number | null;
  readonly declination: number;
}

type PlacementField = keyof MapPlacement;

/** A placement's fields, in the order a form shows them and a query reads them. */
export const MAP_PLACEMENT_FIELDS = [
  'imageWidth',
  'imageHeight',
  'imageUnit',
  'latOrigin',
  'lonOrigin',
  'declination',
] as const satisfies readonly PlacementField[];

function rangeProblem(value: unknown, min: number, max: number, above = false) {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'notANumber' as const;
  return (above ? value <= min : value < min) || value > max ? ('outOfRange' as const) : null;
}

/** The problems of a map's placement, by field (empty: valid). */
export function mapPlacementProblems(
  placement: MapPlacement,
): Partial<Record<PlacementField, SiteFieldProblem>> {
  const problems: Partial<Record<PlacementField, SiteFieldProblem>> = {};
  const checks: Array<[PlacementField, SiteFieldProblem | null]> = [
    ['imageWidth', rangeProblem(placement.imageWidth, 0, MAX_MAP_SIDE, true)],
    ['imageHeight', rangeProblem(placement.imageHeight, 0, MAX_MAP_SIDE, true)],
    [
      'imageUnit',
      (MAP_UNITS as readonly string[]).includes(placement.imageUnit) ? null : 'unknownUnit',
    ],
    ['latOrigin', placement.latOrigin === null ? null : rangeProblem(placement.latOrigin, -90, 90)],
    [
      'lonOrigin',
      placement.lonOrigin === null ? null : rangeProblem(placement.lonOrigin, -180, 180),
    ],
    ['declination', rangeProblem(placement.declination, -360, 360)],
  ];
  for (const [field, problem] of checks) if (problem) problems[field] = problem;
  if ((placement.latOrigin === null) !== (placement.lonOrigin === null)) {
    const missing = placement.latOrigin === null ? 'latOrigin' : 'lonOrigin';
    problems[missing] ??= 'required';
  }
  return problems;
}

/** Metres per image pixel across and down (the map's scale), or null for a size that is not valid. */
export function metresPerPixel(
  placement: Pick<MapPlacement, 'imageWidth' | 'imageHeight' | 'imageUnit'>,
  pixelWidth: number,
  pixelHeight: number,
): { readonly x: number; readonly y: number } | null {
  const unit = METRES_PER_UNIT[placement.imageUnit as MapUnit] as number | undefined;
  if (unit === undefined || pixelWidth < 1 || pixelHeight < 1) return null;
  if (!(placement.imageWidth > 0) || !(placement.imageHeight > 0)) return null;
  return {
    x: (placement.imageWidth * unit) / pixelWidth,
    y: (placement.imageHeight * unit) / pixelHeight,
  };
}

/**
 * A new map's real size before anyone sets it: a tenth of a metre per pixel, so a 1,000-pixel
 * plan is 100 m across (rounded to centimetres).
 */
export function defaultMapPlacement(pixelWidth: number, pixelHeight: number): MapPlacement {
  const side = (pixels: number) => Math.round(pixels * 10) / 100;
  return {
    imageWidth: side(pixelWidth),
    imageHeight: side(pixelHeight),
    imageUnit: 'm',
    latOrigin: null,
    lonOrigin: null,
    declination: 0,
  };
}
