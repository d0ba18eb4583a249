import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeApi } from '../../test/fake-api.ts';
import { renderWithLegacy } from '../../test/render-legacy.tsx';
import { siteMap } from '../../test/sites.ts';
import { ZoneBuilderPage, zoneOfQuery } from './zone-builder-page.tsx';

const square = [
  { x: 100, y: 100 },
  { x: 300, y: 100 },
  { x: 300, y: 300 },
  { x: 100, y: 300 },
];

function zones() {
  return {
    zone: [
      { id: 7, groupId: 3, name: 'Dock 1', color: '#1f77b4', points: square },
      {
        id: 8,
        groupId: 3,
        name: 'Dock 2',
        color: '#ff7f0e',
        points: [
          { x: 500, y: 500 },
          { x: 600, y: 500 },
          { x: 600, y: 600 },
        ],
      },
      { id: 9, groupId: 4, name: 'Elsewhere', color: '#2ca02c', points: square },
    ],
  };
}

const cornerX = (number: number) =>
  screen.getByRole('spinbutton', { name: `x of corner ${number}` }) as HTMLInputElement;

describe('the zone builder', { timeout: 30_000 }, () => {
  it('reads its zone from the address', () => {
    expect(zoneOfQuery('zone=12')).toBe(12);
    expect(zoneOfQuery('zone=0')).toBeNull();
    expect(zoneOfQuery('zone=abc')).toBeNull();
    expect(zoneOfQuery('')).toBeNull();
  });

  it('draws the zone’s site map under the outline, fetched with the token', async () => {
    const { api } = createFakeApi(zones());
    const map = siteMap({ imageBytes: 10, imageWidth: 40, imageHeight: 30 });
    vi.mocked(api.groupLocalMap).mockResolvedValue({ site: { id: 3, name: 'North DC' }, map });
    URL.createObjectURL = vi.fn(() => 'blob:http://legacy.test/site-3');
    URL.revokeObjectURL = vi.fn();
    const { container } = renderWithLegacy(<ZoneBuilderPage query="zone=7" />, {
      api,
      permissions: ['zone:r', 'zone:u'],
    });
    await screen.findByRole('application', { name: 'Map of Dock 1: 4 corners' });
    await waitFor(() =>
      expect(container.querySelector('image.site-map')).toHaveAttribute(
        'href',
        'blob:http://legacy.test/site-3',
      ),
    );
    expect(api.groupLocalMap).toHaveBeenCalledWith(3);
    expect(api.siteMapImage).toHaveBeenCalledWith('/site/3/map/image');
    // under the outline: drawn before it
    const image = container.querySelector('image.site-map') as Element;
    const outline = container.querySelector('polygon.outline') as Element;
    expect(image.compareDocumentPosition(outline) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText(/Drawn over the local map of North DC\./)).toBeVisible();
  });

  it('asks for a zone first, in the tenant’s words', () => {
    const { api } = createFakeApi(zones());
    renderWithLegacy(<ZoneBuilderPage query="" />, {
      api,
      permissions: ['zone:r', 'zone:u'],
      groupFields: { vizixVocabularyLabelZones: 'Areas', vizixVocabularyLabelZone: 'Area' },
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Builder for areas');
    expect(
      screen.getByText('Choose one of your areas above to draw its outline on the map.'),
    ).toBeVisible();
  });

  it('edits by keyboard: choose a corner, move it, add one, undo; the site’s other zones drawn faintly', async () => {
    const { api } = createFakeApi(zones());
    const { container } = renderWithLegacy(<ZoneBuilderPage query="zone=7" />, {
      api,
      permissions: ['zone:r', 'zone:u'],
    });
    const map = await screen.findByRole('application', { name: 'Map of Dock 1: 4 corners' });
    await waitFor(() => expect(container.querySelectorAll('.neighbour')).toHaveLength(1));
    expect(container.querySelector('.neighbour text')).toHaveTextContent('Dock 2');
    map.focus();
    fireEvent.keyDown(map, { key: 'PageDown' });
    expect(screen.getByText('Corner 1 of 4 at 100, 100')).toBeVisible();
    fireEvent.keyDown(map, { key: 'ArrowRight' });
    expect(screen.getByText('Corner 1 of 4 at 110, 100')).toBeVisible();
    fireEvent.keyDown(map, { key: 'ArrowDown', shiftKey: true });
    expect(screen.getByText('Corner 1 of 4 at 110, 200')).toBeVisible();
    fireEvent.keyDown(map, { key: 'Insert' });
    expect(screen.getByRole('application', { name: 'Map of Dock 1: 5 corners' })).toBe(map);
    expect(screen.getByText('Corner 2 of 5 at 210, 150')).toBeVisible();
    fireEvent.keyDown(map, { key: 'z', ctrlKey: true });
    expect(screen.getByRole('application', { name: 'Map of Dock 1: 4 corners' })).toBe(map);
    fireEvent.keyDown(map, { key: 'y', ctrlKey: true });
    expect(screen.getByText('5 corners.')).toBeVisible();
    // the last corner chosen going backwards round the outline, and deleted
    fireEvent.keyDown(map, { key: 'PageUp' });
    expect(screen.getByText('Corner 5 of 5 at 100, 300')).toBeVisible();
    fireEvent.keyDown(map, { key: 'Delete' });
    expect(screen.getByText('4 corners.')).toBeVisible();
    expect(cornerX(1).value).toBe('110');
  });

  it('says why an outline is refused and saves nothing until it is fixed, then saves the points', async () => {
    const { api } = createFakeApi(zones());
    renderWithLegacy(<ZoneBuilderPage query="zone=7" />, {
      api,
      permissions: ['zone:r', 'zone:u'],
    });
    await screen.findByRole('application');
    // corner 2 typed to the far side makes a bow tie
    fireEvent.change(cornerX(2), { target: { value: '50' } });
    fireEvent.blur(cornerX(2));
    fireEvent.change(cornerX(1), { target: { value: '350' } });
    fireEvent.blur(cornerX(1));
    expect(screen.getByText('Edges 2 and 4 cross: an outline may not cross itself.')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Save the outline' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Edges 2 and 4 cross');
    expect(api.update).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Corner 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add a corner' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save the outline' }));
    await waitFor(() =>
      expect(api.update).toHaveBeenCalledWith('zone', 7, {
        points: [...square.slice(0, 3), { x: 200, y: 300 }, square[3]],
      }),
    );
    expect(await screen.findByText('Outline saved.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save the outline' })).toBeDisabled();
  });

  it('shows a read-only outline to a viewer, with no tools that change it', async () => {
    const { api } = createFakeApi(zones());
    renderWithLegacy(<ZoneBuilderPage query="zone=7" />, { api, permissions: ['zone:r'] });
    const map = await screen.findByRole('application');
    fireEvent.keyDown(map, { key: 'Insert' });
    expect(screen.getByRole('application', { name: 'Map of Dock 1: 4 corners' })).toBe(map);
    expect(screen.getByText('You may look at this outline but not change it.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save the outline' })).toBeNull();
    const tools = screen.getByRole('toolbar', { name: 'Outline tools' });
    expect(within(tools).getByRole('button', { name: 'Add a corner' })).toBeDisabled();
    expect(cornerX(1)).toBeDisabled();
  });

  it('explains a missing permission', () => {
    const { api } = createFakeApi(zones());
    renderWithLegacy(<ZoneBuilderPage query="zone=7" />, { api, permissions: [] });
    expect(screen.getByRole('alert')).toHaveTextContent('permission');
  });
});
