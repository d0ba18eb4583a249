// Every resource of the shared contracts, declared once, by area; a plain catalog resource (no
// hooks, no field of its own) needs no definition here: `plainResource` serves it from its entry.
import { CATALOG_ENTRIES } from '@portico/core';
import type { ResourceSpec, Row } from '../resource-spec.ts';
import { FOLDER, REPORT_DEFINITION } from './analytics.ts';
import { DEVICE_PROFILE } from './devices.ts';
import { CONNECTION, EDGEBOX, SCHEDULED_RULE, STREAM_APP } from './gateway.ts';
import { TRAINED_MODEL } from './machine-learning.ts';
import { LOGICAL_READER, THING, THING_TYPE, ZONE, ZONE_GROUP, ZONE_TYPE } from './model.ts';
import { RESOURCE, ROLE, USER } from './people.ts';
import { GROUP, GROUP_TYPE } from './tenants.ts';
import { plainResource } from './fields.ts';
import { webhookResources } from './webhooks.ts';

const DEFINED: readonly ResourceSpec[] = [
  GROUP,
  GROUP_TYPE,
  USER,
  ROLE,
  RESOURCE,
  DEVICE_PROFILE,
  THING,
  THING_TYPE,
  ZONE,
  ZONE_TYPE,
  ZONE_GROUP,
  LOGICAL_READER,
  CONNECTION,
  EDGEBOX,
  SCHEDULED_RULE,
  STREAM_APP,
  FOLDER,
  REPORT_DEFINITION,
  TRAINED_MODEL,
  ...webhookResources(() => RESOURCES.map((spec) => spec.path)),
];

export const RESOURCES: readonly ResourceSpec[] = [
  ...DEFINED,
  ...CATALOG_ENTRIES.filter((entry) => !DEFINED.some((spec) => spec.path === entry.path)).map(
    plainResource,
  ),
];

export const RESOURCES_BY_PATH: ReadonlyMap<string, ResourceSpec> = new Map(
  RESOURCES.map((spec) => [spec.path, spec]),
);

export type { Row };
