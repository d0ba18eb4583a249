import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../resources.ts';
import { toBody } from './resource-form.tsx';

describe('form values to the API body', () => {
  const zone = RESOURCES.zone!;
  it('leaves an empty colour out, so the API keeps its default (an empty string is refused)', () => {
    const body = toBody(
      zone.fields,
      { name: 'Dock 9', code: '', zoneTypeId: '3', zoneGroupId: '', color: '', description: '' },
      true,
    );
    expect(body).not.toHaveProperty('color');
    expect(body).toMatchObject({ name: 'Dock 9', zoneTypeId: 3, zoneGroupId: null });
  });
  it('sends a chosen colour', () => {
    expect(
      toBody(zone.fields, { name: 'Dock 9', zoneTypeId: '3', color: '#00ff00' }, true),
    ).toMatchObject({ color: '#00ff00' });
  });
});
