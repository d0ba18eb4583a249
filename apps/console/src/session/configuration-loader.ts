// Configuration loading (spec §3, §5, §7): the group and user fields and visibility groups a session
// needs, resolved with core's rules; the calls that need only the user id start beside the user and
// permissions calls. Nothing reaches the store until `apply()`, so a dropped attempt changes nothing.
import {
  getDefaultLandingUrl,
  parseInheritedFields,
  readApplicationTabs,
  resolveCalendarFormat,
  resolveDateFormat,
  resolveHiddenTabs,
  resolveLanguage,
  resolveTimeZone,
} from '@portico/core';
import type {
  EditableUserField,
  InheritedFieldMap,
  PlatformApi,
  PlatformUser,
  VisibilityGroup,
} from '../api/platform-api.ts';
import { authzSlice, configSlice } from '../store/slices.ts';
import type { AppStore } from '../store/store.ts';
import { SessionInfoError } from './session-errors.ts';

/** Only after a field PUT: the changes broadcast to listeners (the frame, spec §7). */
export type ConfigChange = Partial<Record<EditableUserField, string>>;

export const LOCAL_FIELD = {
  timeZoneConfiguration: 'timeZone',
  dateFormatConfiguration: 'dateFormat',
  calendarFormatConfiguration: 'calendarFormat',
  language: 'language',
} as const satisfies Record<
  EditableUserField,
  'timeZone' | 'dateFormat' | 'calendarFormat' | 'language'
>;

function fieldValue(
  fields: InheritedFieldMap,
  name: string,
): { value: unknown; parentValue: unknown } {
  const field = fields[name];
  return { value: field?.value ?? null, parentValue: field?.parentValue ?? null };
}

/** Configuration calls started early (beside the user and permissions calls). */
export interface EarlyConfiguration {
  visibility: Promise<VisibilityGroup[]>;
  userFields: Promise<InheritedFieldMap>;
  /** The active group's fields, asked for the group that whoami or the user named. */
  groupFields: { groupId: number; map: Promise<InheritedFieldMap> } | undefined;
}

/** The active group id a user object gives (spec §7: activeGroup, else group, else groupId). */
export function activeGroupIdOf(user: Partial<PlatformUser>): number | undefined {
  const id = user.activeGroup?.id ?? user.group?.id ?? user.groupId;
  return typeof id === 'number' ? id : undefined;
}

/** A loaded configuration: the landing URL it gives, and the step that stores it. */
export interface LoadedConfiguration {
  defaultUrl: string | null;
  apply(): void;
}

export class ConfigurationLoader {
  constructor(
    private readonly store: AppStore,
    private readonly api: PlatformApi,
  ) {}

  /**
   * Starts the configuration calls that need only the user id (and the group's, when known), so
   * they run beside the user and permissions calls. A failure is handled where it is awaited.
   */
  start(userId: number, groupId: number | undefined): EarlyConfiguration {
    const quiet = <T>(promise: Promise<T>) => {
      promise.catch(() => undefined); // awaited (and its failure handled) in loadConfiguration
      return promise;
    };
    return {
      visibility: quiet(this.api.getVisibilityGroups(userId)),
      userFields: quiet(this.api.getUserFields(userId)),
      groupFields:
        groupId === undefined
          ? undefined
          : { groupId, map: quiet(this.api.getGroupFields(groupId)) },
    };
  }

  /**
   * Loads group and user fields and visibility groups (spec §3, §5). Nothing is stored until
   * `apply()`, so a dropped attempt leaves the store as it was.
   */
  async load(
    user: PlatformUser,
    permissions: string[],
    early: EarlyConfiguration,
  ): Promise<LoadedConfiguration> {
    const activeGroupId = activeGroupIdOf(user);
    if (activeGroupId === undefined) throw new SessionInfoError();
    // the early group call is used only when it asked for the user's active group
    const groupFieldsCall =
      early.groupFields?.groupId === activeGroupId
        ? early.groupFields.map
        : this.api.getGroupFields(activeGroupId);
    const [groupFieldMap, userFieldMap, visibilityGroups] = await Promise.all([
      groupFieldsCall,
      early.userFields,
      early.visibility,
    ]);
    const groupFields = parseInheritedFields(groupFieldMap);
    const userFields = Object.fromEntries(
      Object.keys(userFieldMap).map((name) => [name, fieldValue(userFieldMap, name)]),
    );
    const own = parseInheritedFields(userFieldMap);
    const timeZone = resolveTimeZone({
      userValue: user.timeZone ?? userFields.timeZoneConfiguration?.value,
      parentValue: userFields.timeZoneConfiguration?.parentValue,
      groupValue: groupFields.timeZoneConfiguration,
    });
    const hiddenTabs = resolveHiddenTabs(user.hiddenTabs, own.hiddenTabs);
    const language = resolveLanguage(own.language, groupFields.language);
    const dateFormat = resolveDateFormat(
      user.dateFormat,
      own.dateFormatConfiguration,
      groupFields.dateFormatConfiguration,
    );
    const calendarFormat = resolveCalendarFormat(
      user.calendarFormat,
      own.calendarFormatConfiguration,
      groupFields.calendarFormatConfiguration,
    );
    const defaultUrl = getDefaultLandingUrl({
      defaultNavBar: groupFields.defaultNavBar,
      autoLoadTabMenus: groupFields.autoLoadTabMenus,
      permissions,
      hiddenTabs,
      applicationTabs: readApplicationTabs(groupFields.applicationTabs),
    });
    return {
      defaultUrl,
      apply: () => {
        this.store.dispatch(authzSlice.actions.loaded({ permissions, visibilityGroups }));
        this.store.dispatch(
          configSlice.actions.loaded({
            language,
            timeZone,
            dateFormat,
            calendarFormat,
            hiddenTabs,
            groupFields,
            userFields,
          }),
        );
      },
    };
  }
}
