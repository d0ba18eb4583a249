import { act, screen, waitFor, within } from '@testing-library/react';
import { chooseReference } from '../../test/choose-reference.ts';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../api-client.ts';
import type { ApiClient, ApiRow } from '../api-client.ts';
import { RESOURCES } from '../resources.ts';
import type { FieldDef, ResourceDef } from '../resources.ts';
import { createFakeApi, zones } from '../../test/fake-api.ts';
import { renderWithLegacy } from '../../test/render-legacy.tsx';
import { ResourceForm } from './resource-form.tsx';

const zone = RESOURCES.zone!;
const zoneTypes = [
  { id: 1, groupId: 2, name: 'Dock' },
  { id: 2, groupId: 2, name: 'Yard' },
];

/** A row of `resource` with a distinct value in every field, references resolved as the API does. */
function sampleRow(resource: ResourceDef): ApiRow {
  const row: ApiRow = { id: 7, groupId: 2 };
  for (const field of resource.fields) {
    switch (field.kind) {
      case 'reference':
        row[field.name] = 41;
        row[field.object ?? ''] = {
          id: 41,
          [RESOURCES[field.reference ?? '']?.titleField ?? 'name']: `Current ${field.name}`,
        };
        break;
      case 'select':
        row[field.name] = field.options?.[field.options.length - 1] ?? '';
        break;
      case 'number':
        row[field.name] = 12;
        break;
      case 'list':
      case 'permissions':
        row[field.name] = ['zone:r', 'thing:r'];
        break;
      case 'roles':
        row[field.name] = [41];
        row.roles = [{ id: 41, name: `Current ${field.name}` }];
        break;
      case 'json':
      case 'appConfig':
        row[field.name] = { host: 'mqtt.example' };
        break;
      case 'cron':
        row[field.name] = '0 6 * * MON-FRI';
        break;
      case 'color':
        row[field.name] = '#123456';
        break;
      case 'email':
        row[field.name] = 'ada@example.com';
        break;
      case 'password':
      case 'secret':
        break;
      case 'flag':
        row[field.name] = true;
        break;
      case 'events':
        row[field.name] = ['zone.created', 'thing.*'];
        break;
      default:
        row[field.name] = `${field.name} value`;
    }
  }
  return row;
}

/** What a control shows to a person: the chosen option's text, or the typed value. */
function shown(control: HTMLElement): string {
  if (control instanceof HTMLSelectElement) return control.selectedOptions[0]?.textContent ?? '';
  return (control as HTMLInputElement).value;
}

function expected(field: FieldDef, row: ApiRow, enumLabel: (value: string) => string): string {
  const value = row[field.name];
  if (field.kind === 'reference') {
    const object = row[field.object ?? ''] as Record<string, unknown>;
    return String(object[RESOURCES[field.reference ?? '']?.titleField ?? 'name']);
  }
  if (field.kind === 'select') return enumLabel(String(value));
  if (field.kind === 'list') return (value as string[]).join('\n');
  if (field.kind === 'permissions') return (value as string[]).join(', ');
  if (field.kind === 'roles') return (row.roles as Array<{ name: string }>)[0]?.name ?? '';
  if (field.kind === 'json' || field.kind === 'appConfig') return JSON.stringify(value, null, 2);
  if (field.kind === 'flag') return enumLabel(String(value));
  if (field.kind === 'events') return (value as string[]).join(', ');
  return String(value);
}

describe(
  'every editor shows the API’s values (reference selects showed "(none)")',
  { timeout: 30_000 },
  () => {
    const editors = Object.values(RESOURCES);

    it.each(editors.map((resource) => [resource.api, resource] as const))(
      '%s: before, while and after its choices load',
      async (_name, resource) => {
        const row = sampleRow(resource);
        let releaseChoices: () => void = () => undefined;
        const choicesLoaded = new Promise<void>((resolve) => (releaseChoices = resolve));
        // The choices arrive after the record, and do not contain the current value on their first page.
        const api: ApiClient = {
          get: vi.fn(async () => row),
          list: vi.fn(async () => {
            await choicesLoaded;
            return {
              total: 2,
              results: [
                { id: 1, name: 'Other 1', username: 'other1' },
                { id: 2, name: 'Other 2', username: 'other2' },
              ] as ApiRow[],
            };
          }),
          create: vi.fn(),
          update: vi.fn(),
          remove: vi.fn(),
          exportCsv: vi.fn(),
          runReport: vi.fn(),
          reportCsv: vi.fn(),
          groupSettings: vi.fn(),
          setGroupSetting: vi.fn(),
          status: vi.fn(),
          roleMembers: vi.fn(async () => ({ total: 0, results: [] })),
          setRoleMember: vi.fn(),
          endpointDeliveries: vi.fn(async () => ({ total: 0, results: [] })),
          testEndpoint: vi.fn(),
          retryDelivery: vi.fn(),
          retention: vi.fn(),
          setRetention: vi.fn(),
          runRetention: vi.fn(),
          bulk: vi.fn(),
          importJobs: vi.fn(),
          uploadImport: vi.fn(),
          importJob: vi.fn(),
          runImportJob: vi.fn(),
          cancelImportJob: vi.fn(),
          importErrors: vi.fn(),
          openApi: vi.fn(),
          exchange: vi.fn(),
          configVersions: vi.fn(),
          takeConfigVersion: vi.fn(),
          compareConfigVersion: vi.fn(),
          configRestorePlan: vi.fn(),
          restoreConfigVersion: vi.fn(),
          exportConfigVersion: vi.fn(),
          license: vi.fn(),
          installLicense: vi.fn(),
          issuedLicenses: vi.fn(),
          generateLicense: vi.fn(),
        };
        const all = ['*:*', ...editors.map((candidate) => `${candidate.permission}:*`)];
        const { context } = renderWithLegacy(
          <ResourceForm resource={resource} id={7} onFinished={vi.fn()} />,
          { api, permissions: all },
        );
        const editable = resource.fields.filter(
          (field) => !field.createOnly && field.kind !== 'password' && field.kind !== 'secret',
        );
        const check = () => {
          for (const field of editable) {
            if (field.kind === 'roles') {
              // the role the user holds stays listed (and checked) whatever the choices say
              expect(screen.getByRole('checkbox', { name: 'Current roleIds' })).toBeChecked();
              continue;
            }
            if (field.kind === 'flag') {
              const name = context.fieldLabel(field);
              expect(screen.getByRole('checkbox', { name })).toBeChecked();
              continue;
            }
            if (field.kind === 'events') {
              const zones = context.resourceLabel(RESOURCES.zone!);
              const things = context.resourceLabel(RESOURCES.thing!);
              expect(screen.getByRole('checkbox', { name: `${zones}: Created` })).toBeChecked();
              expect(screen.getByRole('checkbox', { name: `${zones}: Changed` })).not.toBeChecked();
              expect(
                screen.getByRole('checkbox', { name: `${things}: All of these` }),
              ).toBeChecked();
              continue;
            }
            if (field.kind === 'permissions') {
              expect(screen.getByRole('checkbox', { name: 'Zone: read' })).toBeChecked();
              expect(screen.getByRole('checkbox', { name: 'Thing: read' })).toBeChecked();
              expect(screen.getByRole('checkbox', { name: 'Zone: update' })).not.toBeChecked();
              continue;
            }
            const label = context.fieldLabel(field).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
            const control = screen.getByLabelText(new RegExp(`^${label}(\\s*\\*)?$`));
            expect(shown(control), `${resource.api}.${field.name}`).toBe(
              expected(field, row, context.enumLabel),
            );
          }
        };
        await screen.findByRole('button', { name: 'Save' });
        check();
        await act(async () => releaseChoices());
        // a reference asks the server only when a person opens it; the roles field lists them
        if (resource.fields.some((field) => field.kind === 'roles'))
          await waitFor(() => expect(api.list).toHaveBeenCalled());
        await act(async () => Promise.resolve());
        check();
      },
    );

    it.each(editors.map((resource) => [resource.api, resource] as const))(
      '%s: read-only details show the same values',
      async (_name, resource) => {
        const row = sampleRow(resource);
        const api = { ...createFakeApi({}).api, get: vi.fn(async () => row) };
        const { context } = renderWithLegacy(
          <ResourceForm resource={resource} id={7} onFinished={vi.fn()} />,
          { api, permissions: [`${resource.permission}:r`] },
        );
        const first = resource.fields.find((candidate) => !candidate.createOnly)!;
        await screen.findByText(context.fieldLabel(first), { selector: 'dt' });
        const details = document.querySelector('dl')!;
        for (const field of resource.fields.filter(
          (candidate) =>
            !candidate.createOnly && candidate.kind !== 'password' && candidate.kind !== 'secret',
        )) {
          const term = within(details).getByText(context.fieldLabel(field), { selector: 'dt' });
          expect(term.nextElementSibling?.textContent, `${resource.api}.${field.name}`).toBe(
            expected(field, row, context.enumLabel),
          );
        }
      },
    );
  },
);

describe('ResourceForm', { timeout: 30_000 }, () => {
  it('creates a row with typed values, reports what was saved and returns to the list', async () => {
    const user = userEvent.setup();
    const { api, tables } = createFakeApi({ zone: [], zoneType: zoneTypes });
    const onFinished = vi.fn();
    const { context } = renderWithLegacy(
      <ResourceForm resource={zone} id="new" onFinished={onFinished} />,
      { api, permissions: ['zone:*', 'zonetype:r'] },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'New zone' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Gate 7');
    await chooseReference(user, screen.getByRole('combobox', { name: /Zone type/ }), 'Ya', 'Yard');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onFinished).toHaveBeenCalled());
    expect(tables.zone).toEqual([
      expect.objectContaining({ name: 'Gate 7', zoneTypeId: 2, zoneGroupId: null }),
    ]);
    expect(context.done).toHaveBeenCalledWith('zone.create', true, 'Zone Gate 7 created.');
  });

  it('refuses empty required fields before sending, with a translated reason next to each', async () => {
    const user = userEvent.setup();
    const { api } = createFakeApi({ zone: [] });
    renderWithLegacy(<ResourceForm resource={zone} id="new" onFinished={vi.fn()} />, {
      api,
      permissions: ['zone:i'],
      language: 'es',
    });
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    const name = screen.getByRole('textbox', { name: /Nombre/ });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Este campo es obligatorio.');
    expect(screen.getByRole('alert')).toHaveTextContent('Algunos campos necesitan atención.');
    expect(api.create).not.toHaveBeenCalled();
  });

  it('shows the API’s 400 field errors as translated sentences, never the validator’s text', async () => {
    const user = userEvent.setup();
    const { api } = createFakeApi({ zone: [], zoneType: zoneTypes });
    vi.mocked(api.create).mockRejectedValueOnce(
      new ApiError(400, 'Invalid body: color: a colour such as #1f77b4', {
        color: 'a colour such as #1f77b4',
        code: 'Too small: expected string to have >=1 characters',
      }),
    );
    const onFinished = vi.fn();
    renderWithLegacy(<ResourceForm resource={zone} id="new" onFinished={onFinished} />, {
      api,
      permissions: ['zone:i', 'zonetype:r'],
    });
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Gate');
    await chooseReference(user, screen.getByRole('combobox', { name: /Zone type/ }), 'Do', 'Dock');
    await user.type(screen.getByRole('textbox', { name: /Color/ }), 'red');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const color = screen.getByRole('textbox', { name: /Color/ });
    await waitFor(() => expect(color).toHaveAttribute('aria-invalid', 'true'));
    expect(color).toHaveAccessibleDescription('Enter a colour code such as #1f77b4.');
    expect(screen.getByRole('textbox', { name: /Code/ })).toHaveAccessibleDescription(
      'This field is required.',
    );
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue('Gate');
    expect(document.body).not.toHaveTextContent(/Too small|Invalid body/);
    expect(onFinished).not.toHaveBeenCalled();
  });

  it('a 409 on a unique field keeps the dialog open with the reason next to that field', async () => {
    const user = userEvent.setup();
    const { api } = createFakeApi({ thing: [] });
    vi.mocked(api.create).mockRejectedValueOnce(
      new ApiError(409, 'A thing with serial S1 already exists', {}, 'serial'),
    );
    const onFinished = vi.fn();
    const thing = RESOURCES.thing!;
    const row = {
      id: 5,
      name: 'Forklift',
      serial: 'S2',
      thingTypeId: 1,
      thingType: { id: 1, name: 'Forklift' },
      status: 'active',
      zoneId: null,
      zone: null,
    };
    vi.mocked(api.get).mockResolvedValue(row as ApiRow);
    vi.mocked(api.update).mockRejectedValueOnce(
      new ApiError(409, 'A thing with serial S1 already exists', {}, 'serial'),
    );
    renderWithLegacy(<ResourceForm resource={thing} id={5} onFinished={onFinished} />, {
      api,
      permissions: ['thing:*'],
    });
    const serial = await screen.findByDisplayValue('S2');
    await user.clear(serial);
    await user.type(serial, 'S1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(serial).toHaveAttribute('aria-invalid', 'true'));
    expect(serial).toHaveAccessibleDescription(
      'Another record already uses this value. Enter a different one.',
    );
    expect(onFinished).not.toHaveBeenCalled();
  });

  it('a failed save for another reason keeps what was typed and says what happened at the top', async () => {
    const user = userEvent.setup();
    const { api } = createFakeApi({ zone: zones(1) });
    vi.mocked(api.update).mockRejectedValueOnce(new NetworkError(new TypeError('Failed to fetch')));
    renderWithLegacy(<ResourceForm resource={zone} id={1} onFinished={vi.fn()} />, {
      api,
      permissions: ['zone:*'],
    });
    const name = await screen.findByDisplayValue('Zone 01');
    await user.type(name, ' bis');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("The server can't be reached.");
    expect(screen.getByRole('form')).toHaveAccessibleDescription(/The server can't be reached/);
    expect(name).toHaveValue('Zone 01 bis');
  });

  it('edits, and deletes only after a confirmation whose focused button is Cancel', async () => {
    const user = userEvent.setup();
    const { api, tables } = createFakeApi({ zone: zones(3) });
    const onFinished = vi.fn();
    const { context } = renderWithLegacy(
      <ResourceForm resource={zone} id={2} onFinished={onFinished} />,
      { api, permissions: ['zone:*'] },
    );
    const name = await screen.findByDisplayValue('Zone 02');
    await user.clear(name);
    await user.type(name, 'Renamed');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(tables.zone?.[1]).toMatchObject({ id: 2, name: 'Renamed' }));
    expect(context.done).toHaveBeenCalledWith('zone.update', true, 'Zone Renamed saved.');
    await waitFor(() => expect(onFinished).toHaveBeenCalledTimes(1));

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('group', { name: /Delete Zone 02\?/ });
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(confirm).not.toBeInTheDocument();
    expect(tables.zone).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(tables.zone?.map((z) => z.id)).toEqual([1, 3]));
    expect(context.done).toHaveBeenCalledWith('zone.delete', true, 'Zone Zone 02 deleted.');
    expect(onFinished).toHaveBeenCalledTimes(2);
  });

  it('shows a refused delete’s reason in plain words (your own account)', async () => {
    const user = userEvent.setup();
    const users = [
      {
        id: 2,
        groupId: 2,
        username: 'admin',
        firstName: 'Ada',
        lastName: 'Admin',
        email: '',
        groupId2: 2,
        group: { id: 2, name: 'Acme' },
      },
    ];
    const { api } = createFakeApi({ user: users as ApiRow[] });
    vi.mocked(api.remove).mockRejectedValueOnce(new ApiError(409, 'You cannot delete yourself'));
    renderWithLegacy(<ResourceForm resource={RESOURCES.user!} id={2} onFinished={vi.fn()} />, {
      api,
      permissions: ['user:*'],
      language: 'it',
    });
    await screen.findByDisplayValue('admin');
    await user.click(screen.getByRole('button', { name: 'Elimina' }));
    await user.click(screen.getByRole('button', { name: 'Sì, elimina' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Non puoi eliminare il tuo account.',
    );
  });

  it('shows read-only details, no Save or Delete, without update and delete permissions', async () => {
    const { api } = createFakeApi({ zone: zones(1) });
    renderWithLegacy(<ResourceForm resource={zone} id={1} onFinished={vi.fn()} />, {
      api,
      permissions: ['zone:r'],
    });
    expect(await screen.findByText('Zone 01')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Zone details: Zone 01');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('a record that fails to load says so with Retry (a skeleton, busy, meanwhile)', async () => {
    const user = userEvent.setup();
    const { api } = createFakeApi({ zone: zones(1) });
    vi.mocked(api.get).mockRejectedValueOnce(new ApiError(503, 'Service Unavailable'));
    renderWithLegacy(<ResourceForm resource={zone} id={1} onFinished={vi.fn()} />, {
      api,
      permissions: ['zone:*'],
    });
    expect(screen.getByRole('status')).toHaveAttribute('aria-busy', 'true');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The record could not be loaded.');
    expect(alert).toHaveTextContent('The server ran into a problem.');
    expect(alert).not.toHaveTextContent('Service Unavailable');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByDisplayValue('Zone 01')).toBeInTheDocument();
  });
});
