// The typed translation keys. The expectTypeOf and @ts-expect-error lines are
// checked by tsc (`npm run typecheck`); the rest runs under vitest.
import { beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { ParseKeys } from 'i18next';
import { APP_ROUTES, MODULE_NAMES, MODULES, PERMISSION_CATALOG, TAB_NAMES } from '@portico/core';
import en from './locales/en.json';
import { i18n, initI18n } from './i18n.ts';
import {
  permissionNameKey,
  permissionSwitchKey,
  routeLabelKey,
  type NestedKeyOf,
  type TranslationKey,
} from './keys.ts';

function leafPaths(node: unknown, prefix = ''): string[] {
  if (node === null || typeof node !== 'object') return [prefix];
  return Object.entries(node).flatMap(([key, value]) =>
    leafPaths(value, prefix === '' ? key : `${prefix}.${key}`),
  );
}

describe('TranslationKey', () => {
  beforeAll(() => initI18n('en'));

  it('names en.json strings by dotted path, plural forms by their base key', () => {
    expectTypeOf<
      'login.username' | 'settings.regions.Asia' | 'shell.theme_dark'
    >().toExtend<TranslationKey>();
    expectTypeOf<'login.pasword'>().not.toExtend<TranslationKey>();
    expectTypeOf<'settings.regions'>().not.toExtend<TranslationKey>(); // an object, not a string
    expectTypeOf<
      NestedKeyOf<{
        a: { items_one: string; items_other: string; rank_ordinal_two: string; b: string };
      }>
    >().toEqualTypeOf<'a.items' | 'a.rank' | 'a.b'>();
    // i18next's own key type (what t() accepts) takes every one of them
    expectTypeOf<TranslationKey>().toExtend<ParseKeys>();
  });

  it('makes t() reject a key that en.json does not have', () => {
    expect(i18n.t('login.username')).toBe('Username');
    // @ts-expect-error a misspelt key is a type error (and shows the key itself at run time)
    expect(i18n.t('login.pasword')).toBe('login.pasword');
  });

  it('covers every label key @portico/core can hand to routeLabelKey', () => {
    const keys = new Set(leafPaths(en));
    const fromCore = [
      ...APP_ROUTES.map((route) => route.labelKey),
      ...MODULES.map((module) => module.labelKey),
      ...[
        ...TAB_NAMES,
        ...MODULE_NAMES,
        'applicationTab',
        'machinelearning',
        'healthandstatus',
      ].map((tab) => `tabs.${tab}`),
    ];
    expect(fromCore.filter((key) => !keys.has(routeLabelKey(key)))).toEqual([]);
  });

  it("names every resource and plain string of core's permission catalog", () => {
    const keys = new Set(leafPaths(en));
    const fromCatalog = PERMISSION_CATALOG.flatMap((module) => [
      ...module.resources.map((resource) => permissionNameKey(resource.name)),
      ...module.switches
        .filter((permission) => permission !== `${module.name}:x`)
        .map((permission) => permissionSwitchKey(permission)),
    ]);
    expect(fromCatalog.filter((key) => !keys.has(key))).toEqual([]);
    expect(permissionSwitchKey('edge:x')).toBe('settings.apiKeys.switches.edge');
    expect(i18n.t(permissionNameKey('zonetype'))).toBe('Zone type');
  });
});
