// The edge pages' form fields in the resource form: a scheduled rule's cron expression shows its
// next five runs in the tenant's time zone as one types, or why it is refused (and is not sent); a
// stream app's configuration lists its kind's settings and shows the services' schema problems at
// the field, each at its JSON pointer.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-client.ts';
import { RESOURCES } from '../resources.ts';
import { chooseReference } from '../../test/choose-reference.ts';
import { createFakeApi } from '../../test/fake-api.ts';
import { renderWithLegacy } from '../../test/render-legacy.tsx';
import { ResourceForm } from './resource-form.tsx';

const edgeboxes = [{ id: 5, groupId: 2, name: 'Dock box' }];

/** Picks the edge box as a person does: types its first letters, chooses the offer. */
async function chooseDockBox(user: UserEvent) {
  await chooseReference(user, screen.getByRole('combobox', { name: /Edge box/ }), 'Do', 'Dock box');
}

beforeEach(() => {
  // Friday 2 January 2026, 20:50 UTC; only the clock is fake (user-event keeps its timers)
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-01-02T20:50:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a scheduled rule’s cron expression', () => {
  function renderRule() {
    const { api } = createFakeApi({ scheduledRule: [], edgebox: edgeboxes });
    const onFinished = vi.fn();
    renderWithLegacy(
      <ResourceForm resource={RESOURCES.scheduledRule!} id="new" onFinished={onFinished} />,
      { api, permissions: ['scheduledrule:i', 'edgebox:r'] },
    );
    return { api, onFinished, cron: screen.getByRole('textbox', { name: /Schedule \(cron\)/ }) };
  }

  it('shows the next five runs in the tenant’s time zone while typing', async () => {
    const user = userEvent.setup();
    const { cron } = renderRule();
    await user.type(cron, '0 9 * * 1-5');
    const runs = within(document.querySelector('.cron-preview') as HTMLElement).getAllByRole(
      'listitem',
    );
    // the test's preferences: UTC, YYYY-MM-DD, 24 h; Monday comes after Friday evening
    expect(runs.map((run) => run.textContent)).toEqual([
      '2026-01-05 09:00',
      '2026-01-06 09:00',
      '2026-01-07 09:00',
      '2026-01-08 09:00',
      '2026-01-09 09:00',
    ]);
    expect(runs[0]!.querySelector('time')).toHaveAttribute('datetime', '2026-01-05T09:00:00.000Z');
    expect(screen.getByText('Next five runs (UTC):')).toBeInTheDocument();
    // typing on changes them
    await user.clear(cron);
    await user.type(cron, '30 22 * * *');
    expect(
      within(document.querySelector('.cron-preview') as HTMLElement)
        .getAllByRole('listitem')
        .map((run) => run.textContent),
    ).toEqual([
      '2026-01-02 22:30',
      '2026-01-03 22:30',
      '2026-01-04 22:30',
      '2026-01-05 22:30',
      '2026-01-06 22:30',
    ]);
  });

  it.each([
    ['0 25 * * *', 'One of the fields has a value out of its range or that cron does not read.'],
    [
      '0 0 *',
      'A cron expression has five fields separated by spaces (or six, with seconds first).',
    ],
    ['0 0 30 2 *', 'No date matches this expression: the rule would never run.'],
  ])('says why %j is refused, and does not send it', async (expression, why) => {
    const user = userEvent.setup();
    const { api, cron } = renderRule();
    await user.type(cron, expression);
    expect(document.querySelector('.cron-preview')).toHaveTextContent(why);
    expect(document.querySelector('.cron-runs')).toBeNull();
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Nightly');
    await chooseDockBox(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(cron).toHaveAttribute('aria-invalid', 'true'));
    expect(cron).toHaveAccessibleDescription(expect.stringContaining(why));
    expect(api.create).not.toHaveBeenCalled();
  });

  it('sends a valid expression with the rule', async () => {
    const user = userEvent.setup();
    const { api, cron, onFinished } = renderRule();
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Nightly');
    await user.type(cron, '0 2 * * *');
    await chooseDockBox(user);
    await user.selectOptions(screen.getByRole('combobox', { name: /Action/ }), 'Export data');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onFinished).toHaveBeenCalled());
    expect(api.create).toHaveBeenCalledWith('scheduledRule', {
      name: 'Nightly',
      cronExpression: '0 2 * * *',
      edgeboxId: 5,
      action: 'exportData',
      enabled: true,
      description: '',
    });
  });
});

describe('a stream app’s configuration', () => {
  function renderApp() {
    const { api } = createFakeApi({ streamApp: [], edgebox: edgeboxes });
    const onFinished = vi.fn();
    renderWithLegacy(
      <ResourceForm resource={RESOURCES.streamApp!} id="new" onFinished={onFinished} />,
      { api, permissions: ['streamapp:i', 'edgebox:r'] },
    );
    return {
      api,
      onFinished,
      config: screen.getByRole('textbox', { name: /Configuration/ }),
    };
  }

  it('lists the chosen kind’s settings and starts from its example', async () => {
    const user = userEvent.setup();
    const { config } = renderApp();
    expect(screen.getByText('Settings of the MQTT bridge app:')).toBeInTheDocument();
    expect(screen.getByText('brokerUrl').closest('li')).toHaveTextContent(
      'brokerUrl string (required)',
    );
    expect(screen.getByText('qos').closest('li')).toHaveTextContent('qos one of 0, 1, 2');
    await user.selectOptions(screen.getByRole('combobox', { name: /App/ }), 'File exporter');
    expect(screen.getByText('Settings of the File exporter app:')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start from an example' }));
    expect(JSON.parse((config as HTMLTextAreaElement).value)).toEqual({
      directory: '/var/export',
      format: 'csv',
      intervalMinutes: 60,
    });
  });

  it('shows the services’ schema problems at the field, each at its JSON pointer, translated', async () => {
    const user = userEvent.setup();
    const { api, config, onFinished } = renderApp();
    vi.mocked(api.create).mockRejectedValueOnce(
      new ApiError(
        400,
        'Invalid body: configuration: does not match the mqttBridge schema: …',
        { configuration: 'does not match the mqttBridge schema: /topic is required; …' },
        undefined,
        [
          { pointer: '/topic', keyword: 'required', message: 'is required' },
          {
            pointer: '/qos',
            keyword: 'enum',
            message: 'must be equal to one of the allowed values',
            params: { allowedValues: [0, 1, 2] },
          },
          { pointer: '/colour', keyword: 'additionalProperties', message: 'is not a setting' },
        ],
      ),
    );
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Uplink');
    await chooseDockBox(user);
    await user.type(screen.getByRole('textbox', { name: /Version/ }), '1.0.0');
    await user.click(config);
    await user.paste('{"brokerUrl": "mqtt://b", "qos": 7, "colour": "red"}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(config).toHaveAttribute('aria-invalid', 'true'));
    const problems = within(document.querySelector('.schema-problems') as HTMLElement)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(problems).toEqual([
      '/topic is required',
      '/qos must be one of 0, 1, 2',
      '/colour is not a known setting',
    ]);
    expect(config).toHaveAccessibleDescription(
      expect.stringContaining('These settings do not match what this kind accepts:'),
    );
    expect(config).toHaveAccessibleDescription(
      expect.stringContaining('/qos must be one of 0, 1, 2'),
    );
    expect(onFinished).not.toHaveBeenCalled();
    // what was typed stays
    expect(JSON.parse((config as HTMLTextAreaElement).value)).toMatchObject({ qos: 7 });
  });

  it('sends the configuration as an object', async () => {
    const user = userEvent.setup();
    const { api, config, onFinished } = renderApp();
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Uplink');
    await chooseDockBox(user);
    await user.type(screen.getByRole('textbox', { name: /Version/ }), '1.0.0');
    await user.click(screen.getByRole('button', { name: 'Start from an example' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onFinished).toHaveBeenCalled());
    expect(api.create).toHaveBeenCalledWith(
      'streamApp',
      expect.objectContaining({
        appKind: 'mqttBridge',
        desiredState: 'running',
        configuration: { brokerUrl: 'mqtt://broker.local:1883', topic: 'things/updates', qos: 1 },
      }),
    );
    expect(config).toBeInTheDocument();
  });
});
