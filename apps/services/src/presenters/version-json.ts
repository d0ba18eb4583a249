// /git.json in the real platform's fields (its git-info.sh writes them into the web application's
// root, so the platform serves them at /riot-core-services/git.json), a superset of spec §3's
// `{displayVersion, commit, date}`.
import type { VersionInfo } from '../services-context.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** git-info.sh's `serial`: the commit date's year, month, day and time (`2026.Nov.26.18:18:31`). */
export function versionSerial(date: string): string {
  const time = new Date(date);
  if (Number.isNaN(time.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${time.getUTCFullYear()}.${MONTHS[time.getUTCMonth()]}.${pad(time.getUTCDate())}.${pad(time.getUTCHours())}:${pad(time.getUTCMinutes())}:${pad(time.getUTCSeconds())}`;
}

export function gitJson(version: VersionInfo, servicesVersion: string): Record<string, string> {
  return {
    ...version,
    branch: version.branch ?? '',
    tag: version.tag ?? version.displayVersion,
    serial: versionSerial(version.date),
    marketingVersion: servicesVersion,
  };
}
