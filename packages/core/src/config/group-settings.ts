/**
 * The tenant's configuration: which group fields a person edits on the settings page, and what a
 * valid value of each is (spec §3 "Group fields", §2 "Navigation rules", §5). Group fields are stored
 * as text; {@link validateGroupSetting} turns what a person or a client sends into that text, or
 * says in plain words why it is refused. The services and the legacy UI's settings page both read
 * this module, so the page never offers what the services would refuse.
 */
import { isAppPath, parseAppRoute } from '../navigation/app-routes.ts';
import { TAB_NAMES, toTabName } from '../permissions/tab-visibility.ts';
import {
  CALENDAR_FORMATS,
  DATE_FORMATS,
  SUPPORTED_LANGUAGES,
  isSupportedLanguage,
  isValidTimeZone,
} from './formats.ts';
import { VOCABULARY_DEFAULTS, VOCABULARY_FIELD_PREFIX } from './vocabulary.ts';
import { MAX_LABEL_LENGTH, parseJson, parseLabelMap } from './label-map.ts';
import { APPLICATION_TABS_FIELD, parseApplicationTabs } from './application-tabs.ts';
import { MAX_SESSION_TIMEOUT_MINUTES } from '../session/session-expiry.ts';

export { MAX_SESSION_TIMEOUT_MINUTES, MAX_LABEL_LENGTH, parseLabelMap };

/** How a group field's value is edited and checked. */
export type GroupSettingKind =
  | 'labels'
  | 'tab'
  | 'boolean'
  | 'timeZone'
  | 'language'
  | 'dateFormat'
  | 'calendarFormat'
  | 'minutes'
  | 'tabs'
  | 'email'
  | 'phone'
  | 'url'
  | 'links'
  | 'applicationTabs';

/** One editable group field. */
export interface GroupSetting {
  readonly name: string;
  readonly kind: GroupSettingKind;
  /** The page's section: the shell's behaviour, regional formats, help, or vocabulary. */
  readonly section: 'shell' | 'regional' | 'help' | 'vocabulary';
}

/** The most video tutorial links a tenant keeps. */
export const MAX_VIDEO_LINKS = 50;

const PLAIN_SETTINGS: readonly GroupSetting[] = [
  { name: 'defaultNavBar', kind: 'tab', section: 'shell' },
  { name: 'autoLoadTabMenus', kind: 'boolean', section: 'shell' },
  { name: 'sessionTimeout', kind: 'minutes', section: 'shell' },
  { name: 'hiddenTabs', kind: 'tabs', section: 'shell' },
  { name: APPLICATION_TABS_FIELD, kind: 'applicationTabs', section: 'shell' },
  { name: 'language', kind: 'language', section: 'regional' },
  { name: 'timeZoneConfiguration', kind: 'timeZone', section: 'regional' },
  { name: 'dateFormatConfiguration', kind: 'dateFormat', section: 'regional' },
  { name: 'calendarFormatConfiguration', kind: 'calendarFormat', section: 'regional' },
  { name: 'supportEmail', kind: 'email', section: 'help' },
  { name: 'supportPhone', kind: 'phone', section: 'help' },
  { name: 'supportUrl', kind: 'url', section: 'help' },
  { name: 'videoTutorials', kind: 'links', section: 'help' },
];

/** Every editable group field: the plain ones, then one vocabulary label per concept. */
export const GROUP_SETTINGS: readonly GroupSetting[] = [
  ...PLAIN_SETTINGS,
  ...Object.keys(VOCABULARY_DEFAULTS).map((concept): GroupSetting => ({
    name: `${VOCABULARY_FIELD_PREFIX}${concept}`,
    kind: 'labels',
    section: 'vocabulary',
  })),
];

const BY_NAME = new Map(GROUP_SETTINGS.map((setting) => [setting.name, setting]));

/** The editable group field named `name`, or null (an unknown or internal field). */
export function groupSetting(name: string): GroupSetting | null {
  return BY_NAME.get(name) ?? null;
}

/** A validation result: the text to store, or why the value is refused. */
export type GroupSettingCheck = { ok: true; value: string } | { ok: false; message: string };

const refuse = (message: string): GroupSettingCheck => ({ ok: false, message });
const accept = (value: string): GroupSettingCheck => ({ ok: true, value });

/** An http(s) address with a host name (core has no URL class: no DOM, no Node types). */
const WEB_ADDRESS =
  /^https?:\/\/[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*(?::\d{1,5})?(?:[/?#][^\s<>"]*)?$/;

/** Whether `text` is an http(s) address with a host. */
function isWebAddress(text: string): boolean {
  return text.length <= 500 && WEB_ADDRESS.test(text);
}

function checkLinks(value: unknown): GroupSettingCheck {
  const parsed = parseJson(value);
  if (!parsed.ok) return refuse('not valid JSON');
  const list = parsed.value;
  if (!Array.isArray(list)) return refuse('must be a list of { "title", "url" }');
  if (list.length > MAX_VIDEO_LINKS) return refuse(`at most ${MAX_VIDEO_LINKS} links`);
  const links: { title: string; url: string }[] = [];
  for (const [index, item] of list.entries()) {
    const link = item as { title?: unknown; url?: unknown } | null;
    const title = typeof link?.title === 'string' ? link.title.trim() : '';
    const url = typeof link?.url === 'string' ? link.url.trim() : '';
    if (title === '' || title.length > 200)
      return refuse(`link ${index + 1}: a title of 1 to 200 characters is required`);
    if (!isWebAddress(url))
      return refuse(`link ${index + 1}: the address must start with https://`);
    links.push({ title, url });
  }
  return accept(JSON.stringify(links));
}

/**
 * Checks a value for the group field `name` and answers the text to store. Accepts the stored text
 * or its natural form (a boolean, a number, a list, a label object). Unknown fields are refused.
 */
export function validateGroupSetting(name: string, value: unknown): GroupSettingCheck {
  const setting = groupSetting(name);
  if (!setting) return refuse(`${name} is not a setting that can be edited`);
  const text = typeof value === 'string' ? value.trim() : value;
  switch (setting.kind) {
    case 'labels': {
      const labels = parseLabelMap(text);
      return labels.ok ? accept(JSON.stringify(labels.labels)) : refuse(labels.message);
    }
    case 'tab': {
      if (typeof text !== 'string' || text === '') return refuse('must name a tab or a page');
      if (isAppPath(text))
        return parseAppRoute(text) !== null ? accept(text) : refuse(`no page at ${text}`);
      return toTabName(text) !== null
        ? accept(text)
        : refuse(`unknown tab ${text} (a tab name or a page under /app)`);
    }
    case 'boolean':
      if (text === true || text === 'true') return accept('true');
      if (text === false || text === 'false') return accept('false');
      return refuse('must be true or false');
    case 'minutes': {
      const minutes = typeof text === 'number' ? text : Number(text);
      if (
        (typeof text !== 'number' && (typeof text !== 'string' || !/^\d+$/.test(text))) ||
        !Number.isInteger(minutes) ||
        minutes < 1 ||
        minutes > MAX_SESSION_TIMEOUT_MINUTES
      )
        return refuse(`must be whole minutes from 1 to ${MAX_SESSION_TIMEOUT_MINUTES}`);
      return accept(String(minutes));
    }
    case 'tabs': {
      const parsed = parseJson(text);
      if (!parsed.ok || !Array.isArray(parsed.value)) return refuse('must be a list of tab names');
      const unknown = parsed.value.filter(
        (tab) => typeof tab !== 'string' || !(TAB_NAMES as readonly string[]).includes(tab),
      );
      if (unknown.length > 0) return refuse(`unknown tab ${unknown.map(String).join(', ')}`);
      if (parsed.value.includes('home')) return refuse('the home tab cannot be hidden');
      return accept(JSON.stringify([...new Set(parsed.value as string[])]));
    }
    case 'language':
      return isSupportedLanguage(text)
        ? accept(text)
        : refuse(`must be one of ${SUPPORTED_LANGUAGES.join(', ')}`);
    case 'timeZone':
      return isValidTimeZone(text) ? accept(text) : refuse('not a known time zone');
    case 'dateFormat':
      return (DATE_FORMATS as readonly unknown[]).includes(text)
        ? accept(text as string)
        : refuse(`must be one of ${DATE_FORMATS.join(', ')}`);
    case 'calendarFormat':
      return (CALENDAR_FORMATS as readonly unknown[]).includes(text)
        ? accept(text as string)
        : refuse(`must be one of ${CALENDAR_FORMATS.join(', ')}`);
    case 'email':
      return typeof text === 'string' &&
        text.length <= 254 &&
        /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(text)
        ? accept(text)
        : refuse('not an e-mail address');
    case 'phone':
      return typeof text === 'string' &&
        /^\+?[\d ()./-]{3,40}$/.test(text) &&
        /\d{3}/.test(text.replace(/\D/g, ''))
        ? accept(text)
        : refuse('not a telephone number (digits, spaces, + ( ) . / -)');
    case 'url':
      return typeof text === 'string' && isWebAddress(text)
        ? accept(text)
        : refuse('must be a web address starting with https://');
    case 'links':
      return checkLinks(text);
    case 'applicationTabs': {
      const tabs = parseApplicationTabs(text);
      return tabs.ok ? accept(JSON.stringify(tabs.tabs)) : refuse(tabs.message);
    }
  }
}

/** One setting as the settings page shows it: the group's own value and the one it inherits. */
export interface GroupSettingValue {
  name: string;
  /** The group's own value; null when it inherits. */
  value: string | null;
  /** The value of the nearest ancestor that sets it; null when none does. */
  parentValue: string | null;
}
