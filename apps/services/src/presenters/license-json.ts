// The JSON of a license: its payload (what it grants), whether it is in force now, and when and by
// whom it was generated or installed.
import { isLicenseExpired, licenseUsage } from '@portico/core';
import type { LicenseInfo, LicenseLimit, LicensePayload, LicenseState } from '@portico/core';

export function licenseJson(
  payload: LicensePayload,
  record: { at: number; actorName: string; text?: string },
  now: number,
): LicenseInfo {
  return {
    ...payload,
    status: isLicenseExpired(payload, now) ? 'expired' : 'valid',
    at: new Date(record.at).toISOString(),
    actorName: record.actorName,
    ...(record.text === undefined ? {} : { text: record.text }),
  };
}

/** GET /license: the tenant, its installed license (or null: no limits) and each limit's use. */
export function installedLicenseJson(
  tenant: { id: number; name: string },
  installed: { payload: LicensePayload; at: number; actorName: string } | undefined,
  used: Readonly<Record<LicenseLimit, number>>,
  now: number,
): LicenseState {
  return {
    tenant: { id: tenant.id, name: tenant.name },
    license: installed ? licenseJson(installed.payload, installed, now) : null,
    usage: licenseUsage(installed?.payload.limits, used),
  };
}
