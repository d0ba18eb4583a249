import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SiteBody, SiteDetails, SiteSummary } from '../api-client.ts';
import { ApiError } from '../api-client.ts';
import { createFakeApi } from '../../test/fake-api.ts';
import { renderWithLegacy } from '../../test/render-legacy.tsx';
import { northSite } from '../../test/sites.ts';
import { SitesPage } from './sites-page.tsx';

const ADMIN = ['group:*', 'localmap:*', 'zone:*', 'sites_configuration_dashboard:x'];
const VIEWER = ['group:r', 'localmap:r', 'sites_configuration_dashboard:x'];

const summaries: SiteSummary[] = [
  {
    id: 3,
    name: 'North DC',
    code: 'n',
    configured: true,
    street: '1 Main St',
    city: 'Chicago',
    postalCode: '60607',
    country: 'US',
    timeZone: 'America/Chicago',
    hasMap: true,
  },
  {
    id: 4,
    name: 'South DC',
    code: 's',
    configured: false,
    street: '',
    city: '',
    postalCode: '',
    country: '',
    timeZone: '',
    hasMap: false,
  },
];

const north: SiteDetails = northSite();

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:http://legacy.test/map-1');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

function api() {
  const { api } = createFakeApi({});
  vi.mocked(api.sites).mockImplementation(async (query) => {
    const needle = (query.filter ?? '').toLowerCase();
    const results = summaries.filter(
      (row) =>
        !needle ||
        row.name.toLowerCase().includes(needle) ||
        row.city.toLowerCase().includes(needle),
    );
    return { total: results.length, results };
  });
  vi.mocked(api.site).mockImplementation(async () => structuredClone(north));
  vi.mocked(api.saveSite).mockImplementation(async (_id: number, body: SiteBody) => ({
    ...north,
    address: body.address,
    timeZone: body.timeZone,
    workingHours: body.workingHours,
  }));
  return api;
}

describe('the sites list', { timeout: 30_000 }, () => {
  it('shows each site’s address, country, time zone and map, and searches', async () => {
    const user = userEvent.setup();
    const client = api();
    renderWithLegacy(<SitesPage site="list" />, { api: client, permissions: ADMIN });
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(
      'North DC1 Main St, 60607 ChicagoUnited StatesAmerica/ChicagoYes',
    );
    expect(rows[2]).toHaveTextContent('South DCNot configured yet');
    expect(within(table).getByRole('link', { name: 'North DC' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Pages of the list' })).toBeVisible();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'chic');
    await waitFor(() =>
      expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2),
    );
    expect(vi.mocked(client.sites)).toHaveBeenLastCalledWith(
      expect.objectContaining({ filter: 'chic', pageNumber: 1 }),
    );
  });

  it('refuses a user who may not read groups', () => {
    renderWithLegacy(<SitesPage site="list" />, { api: api(), permissions: ['zone:r'] });
    expect(screen.getByRole('alert')).toHaveTextContent("You don't have permission");
  });
});

describe('a site’s page', { timeout: 30_000 }, () => {
  it('checks the working hours before saving, names the day, then saves by keyboard', async () => {
    const user = userEvent.setup();
    const client = api();
    renderWithLegacy(<SitesPage site={3} />, { api: client, permissions: ADMIN });
    const opens = await screen.findByLabelText('Opening time on Monday');
    const closes = screen.getByLabelText('Closing time on Monday');
    await user.clear(closes);
    await user.type(closes, '07:00');
    // Saturday opened from the keyboard
    const saturday = screen.getByRole('checkbox', { name: 'Open on Saturday' });
    saturday.focus();
    await user.keyboard(' ');
    expect(saturday).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('The closing time must be after the opening time.'),
    ).toBeVisible();
    expect(closes).toHaveAttribute('aria-invalid', 'true');
    expect(client.saveSite).not.toHaveBeenCalled();
    await user.clear(closes);
    await user.type(closes, '18:30');
    expect(opens).toHaveValue('08:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(client.saveSite).toHaveBeenCalledTimes(1));
    const [, body] = vi.mocked(client.saveSite).mock.calls[0] ?? [];
    expect(body?.workingHours.monday).toEqual({ open: '08:00', close: '18:30' });
    expect(body?.workingHours.saturday).toEqual({ open: '08:00', close: '17:00' });
    expect(body?.map).toMatchObject({ imageWidth: 120, imageUnit: 'm' });
    expect(await screen.findByText('Saved.')).toBeVisible();
  });

  it('shows the services’ refusal beside its field', async () => {
    const user = userEvent.setup();
    const client = api();
    vi.mocked(client.saveSite).mockRejectedValue(
      new ApiError(400, 'Invalid body', { 'address.city': 'at most 100 characters' }),
    );
    renderWithLegacy(<SitesPage site={3} />, { api: client, permissions: ADMIN });
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('at most 100 characters')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('previews the map fetched with the token, refuses an SVG and uploads a PNG', async () => {
    const user = userEvent.setup();
    const client = api();
    vi.mocked(client.uploadSiteMap).mockResolvedValue({
      ...north.map!,
      imageChecksum: 'def',
      pixelWidth: 2,
      pixelHeight: 1,
    });
    renderWithLegacy(<SitesPage site={3} />, { api: client, permissions: ADMIN });
    const image = await screen.findByRole('img', { name: 'Local map of North DC' });
    expect(image).toHaveAttribute('src', 'blob:http://legacy.test/map-1');
    expect(client.siteMapImage).toHaveBeenCalledWith('/site/3/map/image');
    expect(screen.getByText('400 × 300 pixels, 4 KiB')).toBeVisible();
    const input = screen.getByLabelText('Replace the map image');
    await user.upload(
      input,
      new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'plan.png', { type: 'image/png' }),
    );
    expect(
      await screen.findByText('SVG files are not accepted: choose a PNG, JPEG or WebP image.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Upload the image' })).toBeDisabled();
    const png = Uint8Array.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0,
      2, 0, 0, 0, 1, 8, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42,
      0x60, 0x82,
    ]);
    await user.upload(input, new File([png], 'plan.png', { type: 'image/png' }));
    await user.click(await screen.findByRole('button', { name: 'Upload the image' }));
    expect(await screen.findByText('The map image is uploaded.')).toBeVisible();
    expect(client.uploadSiteMap).toHaveBeenCalledWith(3, expect.any(File));
  });

  it('removes the map after a confirmation', async () => {
    const user = userEvent.setup();
    const client = api();
    renderWithLegacy(<SitesPage site={3} />, { api: client, permissions: ADMIN });
    await user.click(await screen.findByRole('button', { name: 'Remove the map' }));
    const confirm = screen.getByRole('group', { name: /Remove this map/ });
    await user.click(within(confirm).getByRole('button', { name: 'Remove the map' }));
    expect(await screen.findByText('The map is removed.')).toBeVisible();
    expect(client.removeSiteMap).toHaveBeenCalledWith(3);
    expect(screen.getByText('No map image yet.')).toBeVisible();
  });

  it('is read-only for a viewer', async () => {
    renderWithLegacy(<SitesPage site={3} />, { api: api(), permissions: VIEWER });
    expect(await screen.findByRole('textbox', { name: 'City' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByLabelText('Replace the map image')).toBeNull();
  });
});

describe('a new site', { timeout: 30_000 }, () => {
  it('offers the groups not yet configured and opens the chosen one', async () => {
    const user = userEvent.setup();
    const navigate = vi.fn();
    renderWithLegacy(<SitesPage site="new" />, {
      api: api(),
      permissions: ADMIN,
      navigate,
      groupFields: { vizixVocabularyLabelGroup: 'Site' },
    });
    const select = await screen.findByRole('combobox', { name: 'Which site' });
    await user.selectOptions(select, 'South DC');
    await user.click(screen.getByRole('button', { name: 'Configure' }));
    expect(navigate).toHaveBeenCalledWith('/tenants/sitesConfiguration/edit/4');
  });

  it('creates a new group under the user’s tenant, then opens it', async () => {
    const user = userEvent.setup();
    const navigate = vi.fn();
    const client = api();
    vi.mocked(client.get).mockResolvedValue({ id: 2, name: 'Acme', treeLevel: 2, groupTypeId: 1 });
    renderWithLegacy(<SitesPage site="new" />, {
      api: client,
      permissions: ADMIN,
      navigate,
      groupFields: { vizixVocabularyLabelGroup: 'Site' },
    });
    await user.click(await screen.findByRole('button', { name: 'Create the site' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    expect(client.create).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox', { name: 'Name *' }), 'East DC');
    await user.type(screen.getByRole('textbox', { name: 'Code *' }), 'east');
    await user.click(screen.getByRole('button', { name: 'Create the site' }));
    await waitFor(() =>
      expect(client.create).toHaveBeenCalledWith('group', {
        name: 'East DC',
        code: 'east',
        parentId: 2,
      }),
    );
    expect(navigate).toHaveBeenCalledWith(
      expect.stringMatching(/^\/tenants\/sitesConfiguration\/edit\/\d+$/),
    );
  });
});
