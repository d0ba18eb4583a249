import { describe, expect, it } from 'vitest';
import { pageIdentity } from './page-for-route.tsx';

describe('pageIdentity: which page a location shows (a router leaves a page first only for another)', () => {
  it.each([
    ['/home/welcome', 'welcome'],
    ['/model/zone', 'list:zone'],
    ['/model/zone?sort=name:desc&page=2', 'list:zone'],
    ['/model/zone/7', 'list:zone'],
    ['/model/zoneType', 'list:zoneType'],
    ['/things/thing', 'list:thing'],
    // a record edited in a dialog over its list: the list stays
    ['/things/thing/12', 'list:thing'],
    ['/services/endpoint', 'list:endpoint'],
    ['/services/endpoint/4', 'detail:endpoint:4'],
    ['/services/endpoint/new', 'detail:endpoint:new'],
    ['/model', 'landing'],
    ['/nowhere/at/all', null],
  ])('%s → %s', (location, identity) => {
    expect(pageIdentity(location)).toBe(identity);
  });
});
