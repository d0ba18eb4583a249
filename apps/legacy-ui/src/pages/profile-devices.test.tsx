// A device profile's page lists the logical readers and edge boxes that use it, each a link to its
// record, under the tenant's names for them; what the user may not read is left out. A device's form
// offers only the profiles of its kind.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RESOURCES } from '../resources.ts';
import { chooseReference } from '../../test/choose-reference.ts';
import { createFakeApi } from '../../test/fake-api.ts';
import { renderWithLegacy } from '../../test/render-legacy.tsx';
import { ProfileDevices } from './profile-devices.tsx';
import { ResourceForm } from './resource-form.tsx';
import { profileDevice, profileDevices, readableDeviceResources } from './profile-devices-state.ts';

const readers = [
  { id: 11, name: 'Reader B', deviceProfileId: 7, group: { id: 3, name: 'North DC' } },
  { id: 12, name: 'Reader A', deviceProfileId: 7, group: { id: 3, name: 'North DC' } },
  { id: 13, name: 'Reader C', deviceProfileId: 8, group: { id: 3, name: 'North DC' } },
];
const edgeboxes = [
  { id: 21, name: 'Yard box', deviceProfileId: 9, group: { id: 4, name: 'South' } },
];

describe('the devices of a profile (state)', () => {
  it.each([
    [
      'logicalReader',
      { id: 4, name: 'Dock', group: { id: 2, name: 'Acme' } },
      { id: 4, name: 'Dock', site: 'Acme', path: '/model/logicalReader/4' },
    ],
    [
      'edgebox',
      { id: 5, name: 'Box' },
      { id: 5, name: 'Box', site: '', path: '/gateway/edgebox/5' },
    ],
    ['edgebox', { id: 6, name: '' }, { id: 6, name: '#6', site: '', path: '/gateway/edgebox/6' }],
  ] as const)('%s row %j', (resource, row, expected) => {
    expect(profileDevice(resource, row)).toEqual(expected);
  });

  it('sorts by name, then id', () => {
    expect(
      profileDevices('logicalReader', [
        { id: 3, name: 'b' },
        { id: 2, name: 'a' },
        { id: 1, name: 'b' },
      ]).map((device) => device.id),
    ).toEqual([2, 1, 3]);
  });

  it.each([
    [
      ['logicalreader:r', 'edgebox:r'],
      ['logicalReader', 'edgebox'],
    ],
    [['edgebox:r'], ['edgebox']],
    [['deviceprofile:r'], []],
  ])('%j reads %j', (permissions, expected) => {
    const set = new Set(permissions);
    expect(readableDeviceResources({ has: (p) => set.has(p) })).toEqual(expected);
  });
});

describe('the devices of a profile (page)', () => {
  it('lists each reader using the profile as a link to its record, by name', async () => {
    const { api } = createFakeApi({ logicalReader: readers, edgebox: edgeboxes });
    const navigate = vi.fn();
    renderWithLegacy(<ProfileDevices id={7} />, {
      api,
      permissions: ['deviceprofile:r', 'logicalreader:r', 'edgebox:r'],
      navigate,
    });
    const group = await screen.findByRole('table', { name: 'Logical readers (2)' });
    const links = within(group).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Reader A', 'Reader B']);
    expect(links[0]).toHaveAttribute('href', 'http://console.test/#/app/model/logicalReader/12');
    expect(group).toHaveTextContent('North DC');
    // no edge box uses it: no empty group
    expect(screen.queryByRole('table', { name: /Edge boxes/ })).toBeNull();
    await userEvent.setup().click(links[0]!);
    expect(navigate).toHaveBeenCalledWith('/model/logicalReader/12');
  });

  it('names the devices in the tenant’s vocabulary and says when none uses it', async () => {
    const { api } = createFakeApi({ logicalReader: readers, edgebox: edgeboxes });
    renderWithLegacy(<ProfileDevices id={9} />, {
      api,
      permissions: ['logicalreader:r', 'edgebox:r'],
      groupFields: { vizixVocabularyLabelEdgeBoxes: 'Gateways' },
    });
    const group = await screen.findByRole('table', { name: 'Gateways (1)' });
    expect(within(group).getByRole('link', { name: 'Yard box' })).toHaveAttribute(
      'href',
      'http://console.test/#/app/gateway/edgebox/21',
    );
    const { api: empty } = createFakeApi({ logicalReader: readers, edgebox: edgeboxes });
    renderWithLegacy(<ProfileDevices id={99} />, { api: empty, permissions: ['logicalreader:r'] });
    expect(await screen.findByText('No device uses this profile yet.')).toBeInTheDocument();
  });

  it('asks only for the devices the user may read', async () => {
    const { api } = createFakeApi({ logicalReader: readers, edgebox: edgeboxes });
    renderWithLegacy(<ProfileDevices id={7} />, { api, permissions: ['edgebox:r'] });
    expect(await screen.findByText('No device uses this profile yet.')).toBeInTheDocument();
    expect(api.list).toHaveBeenCalledTimes(1);
    expect(api.list).toHaveBeenCalledWith(
      'edgebox',
      expect.objectContaining({ filters: { deviceProfileId: '7' } }),
    );
  });
});

describe('a device’s profile field', () => {
  it('offers a logical reader only the reader profiles, and sends the one chosen', async () => {
    const user = userEvent.setup();
    const { api } = createFakeApi({
      logicalReader: [],
      deviceProfile: [
        { id: 7, name: 'Portal readers', deviceKind: 'reader' },
        { id: 8, name: 'Portal gateways', deviceKind: 'edgebox' },
      ],
    });
    renderWithLegacy(
      <ResourceForm resource={RESOURCES.logicalReader!} id="new" onFinished={vi.fn()} />,
      { api, permissions: ['logicalreader:i', 'deviceprofile:r'] },
    );
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Dock door');
    const profile = screen.getByRole('combobox', { name: /^Device profile/ });
    await user.type(profile, 'Portal');
    const listbox = document.getElementById(profile.getAttribute('aria-controls') ?? '')!;
    const options = await within(listbox).findAllByRole('option');
    const texts = options.map((option) => option.textContent ?? '');
    expect(texts.some((text) => text.includes('Portal readers'))).toBe(true);
    expect(texts.some((text) => text.includes('Portal gateways'))).toBe(false);
    await chooseReference(user, profile, 'Portal', /Portal readers/);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(api.create).toHaveBeenCalledWith(
      'logicalReader',
      expect.objectContaining({ name: 'Dock door', deviceProfileId: 7 }),
    );
  });
});
