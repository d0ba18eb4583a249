import { describe, expect, it } from 'vitest';
import { MODULE_NAMES } from '../navigation/app-routes.ts';
import * as PermissionCatalog from './permission-catalog.ts';
import { TAB_NAMES, TAB_PERMISSION_RULES } from './tab-visibility.ts';

// Spec §3 "Permissions": the resources and the plain strings.
const SPEC_RESOURCES = [
  'thing',
  'thingtype',
  'group',
  'grouptype',
  'user',
  'role',
  'resource',
  'license',
  'settings',
  'edgebox',
  'edgeboxrule',
  'scheduledrule',
  'streamapp',
  'mapmaker',
  'zone',
  'zonetype',
  'zonegroup',
  'logicalreader',
  'importexport',
  'connection',
  'license_generator',
  'versioning',
  'endpoint',
  'dataretentionpolicy',
  'report_definition',
];
const SPEC_PLAIN = [
  'things:x',
  'tenants:x',
  'edge:x',
  'gateway:x',
  'model:x',
  'services:x',
  'analytics:x',
  'sites_configuration_dashboard:x',
  'devices_configuration_dashboard:x',
];

describe('the catalog', () => {
  it('holds every resource and plain string of spec §3, each once', () => {
    const names = PermissionCatalog.PERMISSION_CATALOG.flatMap((module) =>
      module.resources.map((r) => r.name),
    );
    for (const name of SPEC_RESOURCES) expect(names).toContain(name);
    expect(new Set(names).size).toBe(names.length);
    expect([...PermissionCatalog.PERMISSION_SWITCHES].sort()).toEqual([...SPEC_PLAIN].sort());
  });

  it('is grouped by the console modules, in their order', () => {
    expect(PermissionCatalog.PERMISSION_CATALOG.map((module) => module.name)).toEqual(
      MODULE_NAMES.filter((name) => name !== 'home'),
    );
  });

  it('has every operation a tab rule names (a role built from the grid can open every tab)', () => {
    for (const tab of TAB_NAMES) {
      for (const [, resource, letter] of TAB_PERMISSION_RULES[tab].matchAll(
        /([a-z_]+):([riudax])/g,
      )) {
        const cell = `${resource}:${letter}`;
        const known =
          PermissionCatalog.PERMISSION_SWITCHES.includes(cell) ||
          PermissionCatalog.findCatalogResource(resource ?? '')?.operations.includes(
            letter as 'r',
          ) === true;
        expect(known, `${tab}: ${cell}`).toBe(true);
      }
    }
  });

  it.each([
    ['zone', 'r,i,u,d,a'],
    ['thing', 'r,i,u,d'],
    ['thingtype', 'r,i,u,d,x'],
    ['license', 'r,u'],
    ['license_generator', 'r,u'],
    ['mapmaker', 'r,x'],
    ['foldereditown', 'u'],
    ['ReportDefinitionFolder', 'r,i,u,d'],
  ])('%s has %s', (name, operations) => {
    expect(PermissionCatalog.findCatalogResource(name)?.operations.join(',')).toBe(operations);
  });

  it('names the vocabulary concept where there is one', () => {
    expect(PermissionCatalog.findCatalogResource('zone')?.concept).toBe('Zone');
    expect(PermissionCatalog.findCatalogResource('license')?.concept).toBeUndefined();
    expect(PermissionCatalog.findCatalogResource('nothing')).toBeUndefined();
  });
});

describe('toPermissionGrid / fromPermissionGrid', () => {
  it.each<[string, string[], string[], string[], string[]]>([
    // [case, permissions, checked cells, others, back to strings]
    ['one operation', ['zone:r'], ['zone:r'], [], ['zone:r']],
    ['letters spread', ['zone:ru'], ['zone:r', 'zone:u'], [], ['zone:r', 'zone:u']],
    [
      'a wildcard stays a wildcard',
      ['zone:*'],
      ['zone:r', 'zone:i', 'zone:u', 'zone:d', 'zone:a'],
      [],
      ['zone:*'],
    ],
    ['a switch', ['things:x'], ['things:x'], [], ['things:x']],
    ['a switch by wildcard', ['things:*'], ['things:x'], [], ['things:x']],
    [
      'a switch with other letters',
      ['things:rx'],
      ['things:x'],
      ['things:r'],
      ['things:x', 'things:r'],
    ],
    ['a case-insensitive name', ['ThingType:x'], ['thingtype:x'], [], ['thingtype:x']],
    ['letters a resource lacks', ['thing:rx'], ['thing:r'], ['thing:x'], ['thing:r', 'thing:x']],
    ['an object-level grant', ['user:r:42'], [], ['user:r:42'], ['user:r:42']],
    [
      'a folder instance',
      ['_folderinstance_7:r'],
      [],
      ['_folderinstance_7:r'],
      ['_folderinstance_7:r'],
    ],
    ['an unknown resource', ['widget:r'], [], ['widget:r'], ['widget:r']],
    ['text that is no permission', ['nonsense'], [], ['nonsense'], ['nonsense']],
    ['a repeated string', ['widget:r', ' widget:r'], [], ['widget:r'], ['widget:r']],
    [
      'catalog order',
      ['zone:r', 'thing:d', 'model:x', 'things:x'],
      ['zone:r', 'thing:d', 'model:x', 'things:x'],
      [],
      ['things:x', 'thing:d', 'model:x', 'zone:r'],
    ],
  ])('%s', (_name, permissions, checked, others, back) => {
    const grid = PermissionCatalog.toPermissionGrid(permissions);
    expect([...grid.checked].sort()).toEqual([...checked].sort());
    expect(grid.others).toEqual(others);
    expect(PermissionCatalog.fromPermissionGrid(grid)).toEqual(back);
  });

  it('a wildcard with one operation unchecked becomes one string per operation left', () => {
    const grid = PermissionCatalog.toPermissionGrid(['zone:*']);
    const checked = new Set(grid.checked);
    checked.delete(PermissionCatalog.permissionCell('zone', 'a'));
    expect(PermissionCatalog.fromPermissionGrid({ ...grid, checked })).toEqual([
      'zone:r',
      'zone:i',
      'zone:u',
      'zone:d',
    ]);
  });

  it('others already written by the grid are not repeated', () => {
    expect(
      PermissionCatalog.fromPermissionGrid({
        checked: new Set(['zone:r']),
        wildcards: new Set(),
        others: ['zone:r'],
      }),
    ).toEqual(['zone:r']);
  });
});

describe('parsePermissionLines', () => {
  it.each<[string, string, string[], Array<[number, string, string]>]>([
    ['empty', '', [], []],
    ['blank lines skipped', '\n zone:r \n\n', ['zone:r'], []],
    ['windows line ends', 'zone:r\r\nthing:u', ['zone:r', 'thing:u'], []],
    ['a switch', 'things:x', ['things:x'], []],
    ['a wildcard', 'zone:*', ['zone:*'], []],
    ['an object-level grant', 'user:r:42', ['user:r:42'], []],
    ['a folder instance', '_folderinstance_12:ru', ['_folderinstance_12:ru'], []],
    ['not a permission', 'zone:r\nzone read', ['zone:r'], [[2, 'zone read', 'format']]],
    ['an unknown letter', 'zone:q', [], [[1, 'zone:q', 'format']]],
    ['an unknown resource', 'zonee:r', [], [[1, 'zonee:r', 'resource']]],
    ['an operation the resource lacks', 'thing:x', [], [[1, 'thing:x', 'operation']]],
    ['a switch with r', 'things:r', [], [[1, 'things:r', 'operation']]],
    [
      'a folder instance with x',
      '_folderinstance_3:x',
      [],
      [[1, '_folderinstance_3:x', 'operation']],
    ],
    ['a line twice', 'zone:r\nZone:r', ['zone:r'], [[2, 'Zone:r', 'duplicate']]],
  ])('%s', (_name, text, permissions, problems) => {
    const result = PermissionCatalog.parsePermissionLines(text);
    expect(result.permissions).toEqual(permissions);
    expect(result.problems.map((problem) => [problem.line, problem.text, problem.reason])).toEqual(
      problems,
    );
  });

  it('an operation refusal says which operations the resource has', () => {
    expect(PermissionCatalog.parsePermissionLines('license:d').problems[0]?.allowed).toBe('r, u');
  });
});
