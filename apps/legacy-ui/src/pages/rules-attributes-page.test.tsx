// Tenants → attributes: a thing type's attributes listed, added and changed with core's checks in
// the user's language, ordered and deleted (a delete refused while things hold values offers to
// remove them too), read-only without thingtype:u; and a thing's form showing its type's attributes
// as typed inputs, checked before sending, the server's refusal on the field.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-client.ts';
import type { ApiRow } from '../api-client.ts';
import { RESOURCES } from '../resources.ts';
import { createFakeApi } from '../../test/fake-api.ts';
import { renderWithLegacy } from '../../test/render-legacy.tsx';
import {
  attributeInputs,
  checkAttributeInputs,
  refusedAttributes,
  withAttributeDefaults,
} from './attribute-values.ts';
import { ResourceForm } from './resource-form.tsx';
import { RulesAttributesPage } from './rules-attributes-page.tsx';

const base = {
  label: '',
  unit: '',
  symbol: '',
  required: false,
  allowedValues: [],
  minimum: null,
  maximum: null,
  maxLength: null,
  defaultValue: null,
};
const weight = {
  ...base,
  id: 1,
  thingTypeId: 5,
  position: 0,
  name: 'weight',
  label: { en: 'Weight', es: 'Peso' },
  dataType: 'NUMBER',
  unit: 'kilogram',
  symbol: 'kg',
  minimum: 0,
  maximum: 2000,
};
const grade = {
  ...base,
  id: 2,
  thingTypeId: 5,
  position: 1,
  name: 'grade',
  dataType: 'ENUMERATION',
  required: true,
  allowedValues: ['A', 'B'],
  defaultValue: 'A',
};
const checked = {
  ...base,
  id: 3,
  thingTypeId: 5,
  position: 2,
  name: 'inspected',
  dataType: 'BOOLEAN',
};
const since = { ...base, id: 4, thingTypeId: 5, position: 3, name: 'since', dataType: 'DATE' };
const fields = [weight, grade, checked, since] as unknown as ApiRow[];
const types = [
  { id: 5, name: 'Pallet', groupId: 2 },
  { id: 6, name: 'Tote', groupId: 2 },
];

function setup(permissions = ['thingtype:r', 'thingtype:u'], language = 'en') {
  const { api } = createFakeApi({
    thingType: types,
    thingTypeField: fields.map((row) => ({ ...row })),
  });
  const user = userEvent.setup();
  renderWithLegacy(<RulesAttributesPage />, { api, permissions, language });
  return { api, user };
}

describe('a thing’s attribute inputs (state)', () => {
  const definitions = [weight, grade, checked] as never[];
  it('reads stored values as text and gives a new thing its defaults', () => {
    expect(attributeInputs({ weight: 12.5, inspected: true })).toEqual({
      'udfs.weight': '12.5',
      'udfs.inspected': 'true',
    });
    expect(attributeInputs(null)).toEqual({});
    expect(withAttributeDefaults(definitions, { 'udfs.weight': '' })).toEqual({
      'udfs.weight': '',
      'udfs.grade': 'A',
      'udfs.inspected': 'false',
    });
  });
  it.each([
    [
      { 'udfs.weight': '7', 'udfs.grade': 'B', 'udfs.inspected': 'true' },
      { ok: true, udfs: { weight: 7, grade: 'B', inspected: true } },
    ],
    [
      { 'udfs.weight': 'heavy', 'udfs.grade': '' },
      {
        ok: false,
        problems: { 'udfs.weight': { code: 'notNumber' }, 'udfs.grade': { code: 'required' } },
      },
    ],
  ])('checks %j with core’s rule', (values, expected) => {
    expect(checkAttributeInputs(definitions, values)).toEqual(expected);
  });
  it('reads the services’ refusal by form key', () => {
    expect(
      refusedAttributes({
        attributeProblems: [
          { attribute: 'weight', problem: { code: 'aboveMaximum', max: 9 } },
          { attribute: 3 },
        ],
      }),
    ).toEqual({ 'udfs.weight': { code: 'aboveMaximum', max: 9 } });
    expect(refusedAttributes({})).toEqual({});
  });
});

describe('the attributes page', { timeout: 30_000 }, () => {
  it('lists the chosen type’s attributes and switches type', async () => {
    const { user } = setup();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(5);
    expect(within(rows[1]!).getByText('weight')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('From 0 to 2,000')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('A, B')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Thing type' }), 'Tote');
    expect(await screen.findByText('No attributes yet.')).toBeInTheDocument();
  });

  it('adds an attribute, with core’s checks in words before sending', async () => {
    const { api, user } = setup();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Add attribute' }));
    const dialog = await screen.findByRole('dialog', { name: 'New attribute' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Code/ }), '1st');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Data type' }), 'NUMBER');
    await user.type(within(dialog).getByRole('textbox', { name: 'Maximum' }), '10');
    await user.type(within(dialog).getByRole('textbox', { name: 'Default value' }), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Some fields need attention');
    expect(
      within(dialog).getByText('Start with a letter; then use letters, digits or _.'),
    ).toBeInTheDocument();
    expect(api.saveThingTypeField).not.toHaveBeenCalled();
    const code = within(dialog).getByRole('textbox', { name: /^Code/ });
    await user.clear(code);
    await user.type(code, 'height');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Enter 10 or less.')).toBeInTheDocument();
    const byDefault = within(dialog).getByRole('textbox', { name: 'Default value' });
    await user.clear(byDefault);
    await user.type(byDefault, '4');
    await user.type(within(dialog).getByRole('textbox', { name: 'Label (English)' }), 'Height');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Attribute Height saved.');
    expect(api.saveThingTypeField).toHaveBeenCalledWith(
      5,
      undefined,
      expect.objectContaining({ name: 'height', dataType: 'NUMBER', maximum: 10, defaultValue: 4 }),
    );
    expect(await screen.findByText('height')).toBeInTheDocument();
  });

  it('a save keeps the list on screen while it is read again: its status line is the only one', async () => {
    const { api, user } = setup();
    expect(await screen.findByText('weight')).toBeInTheDocument();
    // the list read after the save has not come back yet (a loaded server)
    vi.mocked(api.thingTypeFields).mockReturnValue(new Promise(() => undefined));
    await user.click(screen.getByRole('button', { name: 'Add attribute' }));
    const dialog = await screen.findByRole('dialog', { name: 'New attribute' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Code/ }), 'height');
    await user.type(within(dialog).getByRole('textbox', { name: 'Label (English)' }), 'Height');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Attribute Height saved.')).toBeInTheDocument();
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('Attribute Height saved.');
    expect(screen.getByText('weight')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add attribute' })).toBeEnabled();
  });

  it('orders by keyboard and deletes, offering to remove the values of one in use', async () => {
    const { api, user } = setup();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Move Weight down' }));
    expect(api.reorderThingTypeFields).toHaveBeenCalledWith(5, [2, 1, 3, 4]);
    expect(await screen.findByRole('status')).toHaveTextContent('Order saved.');
    vi.mocked(api.deleteThingTypeField).mockRejectedValueOnce(
      new ApiError(409, 'in use', {}, undefined, [], { count: 3 }),
    );
    await user.click(screen.getByRole('button', { name: 'Delete Weight' }));
    const confirm = screen.getByRole('group', { name: /Delete Weight\?/ });
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Yes, delete' }));
    expect(
      await within(confirm).findByText(/3 records hold a value of Weight/),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete with its values' }));
    expect(api.deleteThingTypeField).toHaveBeenLastCalledWith(5, 1, true);
    expect(await screen.findByRole('status')).toHaveTextContent('Attribute Weight deleted.');
  });

  it('asks again about another row’s Delete, the focus on Cancel, and Cancel closes it', async () => {
    const { api, user } = setup();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Delete Weight' }));
    await user.click(screen.getByRole('button', { name: 'Delete grade' }));
    expect(screen.queryByRole('group', { name: /Delete Weight\?/ })).toBeNull();
    const confirm = screen.getByRole('group', { name: /Delete grade\?/ });
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('group', { name: /Delete grade\?/ })).toBeNull();
    expect(api.deleteThingTypeField).not.toHaveBeenCalled();
  });

  it('is read-only without thingtype:u, and speaks the user’s language', async () => {
    setup(['thingtype:r'], 'es');
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Peso')).toBeInTheDocument();
    expect(within(table).getByText('Número')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Añadir atributo' })).toBeNull();
    expect(screen.getByText('Puede ver estos atributos, pero no cambiarlos.')).toBeInTheDocument();
  });

  it('refuses a user without thingtype:r', () => {
    setup([]);
    expect(screen.getByText(/You don't have permission/)).toBeInTheDocument();
  });
});

describe('a thing’s form: its type’s attributes', { timeout: 30_000 }, () => {
  const thing = {
    id: 7,
    groupId: 2,
    name: 'Pallet 7',
    serial: 'P-7',
    thingTypeId: 5,
    thingType: { id: 5, name: 'Pallet' },
    status: 'active',
    udfs: { weight: 12.5, grade: 'B' },
  };
  function form(language = 'en') {
    const { api } = createFakeApi({
      thing: [thing as unknown as ApiRow],
      thingType: types,
      thingTypeField: fields.map((row) => ({ ...row })),
    });
    const user = userEvent.setup();
    const onFinished = vi.fn();
    renderWithLegacy(<ResourceForm resource={RESOURCES.thing!} id={7} onFinished={onFinished} />, {
      api,
      permissions: ['thing:r', 'thing:u', 'thingtype:r'],
      language,
    });
    return { api, user, onFinished };
  }

  it('shows each attribute as an input of its kind, with its unit', async () => {
    form();
    const group = await screen.findByRole('group', { name: 'Attributes' });
    const weightBox = within(group).getByRole('textbox', { name: 'Weight *'.replace(' *', '') });
    expect(weightBox).toHaveValue('12.5');
    expect(weightBox).toHaveAccessibleDescription('kg · From 0 to 2,000');
    expect(within(group).getByRole('combobox', { name: /grade/ })).toHaveValue('B');
    expect(within(group).getByRole('checkbox', { name: 'inspected' })).not.toBeChecked();
    expect(group.querySelector('input[type="date"]')).not.toBeNull();
  });

  it('checks the values before sending, then sends them typed', async () => {
    const { api, user, onFinished } = form();
    const group = await screen.findByRole('group', { name: 'Attributes' });
    const weightBox = within(group).getByRole('textbox', { name: 'Weight' });
    await user.clear(weightBox);
    await user.type(weightBox, 'heavy');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(weightBox).toHaveAccessibleDescription(/Enter a number\./);
    expect(api.update).not.toHaveBeenCalled();
    await user.clear(weightBox);
    await user.type(weightBox, '99');
    await user.click(within(group).getByRole('checkbox', { name: 'inspected' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(api.update).toHaveBeenCalledWith(
      'thing',
      7,
      expect.objectContaining({ udfs: { weight: 99, grade: 'B', inspected: true } }),
    );
    expect(onFinished).toHaveBeenCalled();
  });

  it('shows the server’s refusal on the field, in the user’s language', async () => {
    const { api, user } = form('fr');
    vi.mocked(api.update).mockRejectedValueOnce(
      new ApiError(
        400,
        'Invalid body: udfs.weight: must be at most 100',
        { 'udfs.weight': 'must be at most 100' },
        undefined,
        [],
        {
          attributeProblems: [{ attribute: 'weight', problem: { code: 'aboveMaximum', max: 100 } }],
        },
      ),
    );
    const group = await screen.findByRole('group', { name: 'Attributs' });
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const weightBox = within(group).getByRole('textbox', { name: 'Weight' });
    expect(weightBox).toHaveAccessibleDescription(/Saisissez 100 ou moins\./);
  });
});
