// The trained models page (/machinelearning): the list under the tenant's word, with its key metric
// and status filter; a model's form with its metrics as rows, only the allowed statuses, and its
// file (upload with its checksum sent, the stored checksum shown, download); a reader downloads only.
import { createHash } from 'node:crypto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MAX_TRAINED_MODEL_BYTES } from '@portico/core';
import { createFakeApi } from '../../test/fake-api.ts';
import { renderAt } from '../../test/route-harness.tsx';
import {
  fileProblem,
  formatBytes,
  metricRows,
  metricsInput,
  metricsOf,
  statusChoices,
} from './model-state.ts';

const CHECKSUM = 'ab'.repeat(32);

function models() {
  return [
    {
      id: 1,
      groupId: 2,
      name: 'forklift-eta',
      version: '1.2.0',
      description: '',
      thingTypeId: 5,
      thingType: { id: 5, name: 'Forklift' },
      metrics: { precision: 0.9, accuracy: 0.94 },
      status: 'validated',
      fileName: 'eta.onnx',
      fileSize: 24 * 1024,
      fileContentType: 'application/octet-stream',
      fileChecksum: CHECKSUM,
      uploadedBy: 'admin',
      uploadedAt: 1_700_000_000_000,
    },
    {
      id: 2,
      groupId: 2,
      name: 'tote-count',
      version: '0.1.0',
      description: '',
      thingTypeId: 6,
      thingType: { id: 6, name: 'Tote' },
      metrics: {},
      status: 'draft',
      fileName: '',
      fileSize: 0,
      fileContentType: '',
      fileChecksum: '',
      uploadedBy: '',
      uploadedAt: null,
    },
  ];
}

const ADMIN = ['trainedmodel:*', 'thingtype:r'];
const ACME = {
  vizixVocabularyLabelTrainedModels: JSON.stringify({ en: 'Prediction models', fr: 'Modèles' }),
  vizixVocabularyLabelThingType: JSON.stringify({ en: 'Asset type' }),
};

describe('a trained model’s form state', () => {
  it.each([
    [{ accuracy: 0.9, rmse: 12 }, '[["accuracy","0.9"],["rmse","12"]]'],
    [{}, '[]'],
    [null, '[]'],
    [[1], '[]'],
  ])('metrics %j are the rows %s', (value, input) => {
    expect(metricsInput(value)).toBe(input);
  });

  it.each([
    ['[["a","1"]]', [['a', '1']]],
    ['', []],
    ['not json', []],
    ['{"a":1}', []],
    ['[["a",1],["b","2"],["c"]]', [['b', '2']]],
  ])('rows of %s: %j', (input, rows) => {
    expect(metricRows(input)).toEqual(rows);
  });

  it.each([
    [[['accuracy', '0.9']], { accuracy: 0.9 }],
    [[['rmse', ' 1,5 ']], { rmse: 1.5 }],
    [[['', '']], {}],
    [[['accuracy', '']], null],
    [[['', '0.9']], null],
    [[['accuracy', 'high']], null],
    [
      [
        ['a', '1'],
        ['a', '2'],
      ],
      null,
    ],
    [[['1st', '1']], null],
  ] as const)('rows %j are the metrics %j', (rows, metrics) => {
    expect(metricsOf(rows)).toEqual(metrics);
  });

  it.each([
    [undefined, ['draft']],
    ['draft', ['draft', 'validated', 'retired']],
    ['validated', ['validated', 'deployed', 'draft', 'retired']],
    ['deployed', ['deployed', 'validated', 'retired']],
    ['retired', ['retired']],
  ])('from %s the select offers %j', (status, choices) => {
    expect(statusChoices(status)).toEqual(choices);
  });

  it.each([
    [512, 'en', '512 byte'],
    [24 * 1024, 'en', '24 kB'],
    [1.5 * 1024 * 1024, 'fr', '1,5 Mo'],
  ])('%i bytes in %s: %s', (bytes, language, text) => {
    expect(formatBytes(bytes, language).replace(/\s/g, ' ')).toBe(text);
  });

  it.each([
    [0, 'empty'],
    [1, null],
    [MAX_TRAINED_MODEL_BYTES, null],
    [MAX_TRAINED_MODEL_BYTES + 1, 'tooLarge'],
  ])('a file of %i bytes: %j', (size, problem) => {
    expect(fileProblem(size)).toBe(problem);
  });
});

describe('the trained models page', { timeout: 30_000 }, () => {
  it('lists the models under the tenant’s word, with their key metric, filtered by status', async () => {
    const user = userEvent.setup();
    const { api } = createFakeApi({ trainedModel: models() });
    const harness = renderAt('/machinelearning', { api, permissions: ADMIN, groupFields: ACME });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Prediction models' }),
    ).toBeInTheDocument();
    await screen.findByRole('link', { name: 'forklift-eta' });
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toContain('Key metric');
    expect(headers).toContain('Asset type');
    // no JSON to sort by: the key metric's header is no button
    expect(
      within(screen.getByRole('columnheader', { name: 'Key metric' })).queryByRole('button'),
    ).toBeNull();
    const row = screen.getByRole('link', { name: 'forklift-eta' }).closest('tr')!;
    // the metric is data shown as it is: a code, like the other codes of the legacy UI
    expect(within(row).getByText('accuracy 0.94').tagName).toBe('CODE');
    expect(within(row).getByText('Validated')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'draft');
    await waitFor(() =>
      expect(harness.navigate).toHaveBeenLastCalledWith('/machinelearning?status=draft', {
        replace: true,
      }),
    );
    expect(await screen.findByRole('link', { name: 'tote-count' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'forklift-eta' })).toBeNull());
  });

  it('edits metrics as rows and offers only the allowed statuses', async () => {
    const user = userEvent.setup();
    const { api } = createFakeApi({ trainedModel: models() });
    renderAt('/machinelearning/1', { api, permissions: ADMIN });
    const dialog = await screen.findByRole('dialog');
    const status = await within(dialog).findByRole('combobox', { name: /^Status/ });
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Validated (current)', 'Deployed', 'Draft', 'Retired']);
    const names = within(dialog).getAllByRole('textbox', { name: 'Metric name' });
    expect(names.map((input) => (input as HTMLInputElement).value)).toEqual([
      'precision',
      'accuracy',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove the metric precision' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add a metric' }));
    const added = within(dialog).getAllByRole('textbox', { name: 'Metric name' })[1]!;
    await waitFor(() => expect(added).toHaveFocus());
    await user.type(added, 'f1');
    const value = within(dialog).getAllByRole('textbox', { name: 'Value' })[1]!;
    // not a number: refused in the form, nothing sent
    await user.type(value, 'high');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/Give each metric a name/)).toBeInTheDocument();
    expect(api.update).not.toHaveBeenCalled();
    await user.clear(value);
    await user.type(value, '0.81');
    await user.selectOptions(status, 'deployed');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.update).toHaveBeenCalledWith(
        'trainedModel',
        1,
        expect.objectContaining({ metrics: { accuracy: 0.94, f1: 0.81 }, status: 'deployed' }),
      ),
    );
  });

  it('a new model starts as a draft', async () => {
    const { api } = createFakeApi({ trainedModel: models() });
    renderAt('/machinelearning/new', { api, permissions: ADMIN });
    const dialog = await screen.findByRole('dialog');
    const status = within(dialog).getByRole('combobox', { name: /^Status/ });
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Draft']);
    // no file before the model exists
    expect(within(dialog).queryByRole('heading', { name: 'Model file' })).toBeNull();
  });

  it('uploads a file with its checksum, shows the stored one, and downloads it', async () => {
    const user = userEvent.setup();
    const { api } = createFakeApi({ trainedModel: models() });
    renderAt('/machinelearning/2', { api, permissions: ADMIN });
    const dialog = await screen.findByRole('dialog');
    // the dialog opens before the record has loaded: wait for the file's section
    const file = await within(dialog).findByRole('region', { name: 'Model file' });
    expect(within(file).getByText('No file uploaded yet.')).toBeInTheDocument();
    const upload = within(file).getByRole('button', { name: 'Upload' });
    expect(upload).toBeDisabled();
    const bytes = new TextEncoder().encode('weights');
    await user.upload(
      within(file).getByLabelText("Choose the model's file"),
      new File([bytes], 'count.onnx'),
    );
    await user.click(upload);
    await waitFor(() => expect(api.uploadModelFile).toHaveBeenCalled());
    const [id, , name, checksum] = lastCall(api.uploadModelFile);
    expect([id, name]).toEqual([2, 'count.onnx']);
    // the browser's SHA-256 of the bytes goes with them
    expect(checksum).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(await within(file).findByText('c'.repeat(64))).toBeInTheDocument();
    await user.click(within(file).getByRole('button', { name: 'Download the file' }));
    await waitFor(() => expect(api.downloadModelFile).toHaveBeenCalledWith(2));
  });

  it('refuses an empty file before sending it', async () => {
    const user = userEvent.setup();
    const { api } = createFakeApi({ trainedModel: models() });
    renderAt('/machinelearning/2', { api, permissions: ADMIN });
    const file = await screen.findByRole('region', { name: 'Model file' });
    await user.upload(within(file).getByLabelText("Choose the model's file"), new File([], 'x'));
    await user.click(within(file).getByRole('button', { name: 'Upload' }));
    expect(await within(file).findByRole('alert')).toHaveTextContent('This file is empty');
    expect(api.uploadModelFile).not.toHaveBeenCalled();
  });

  it('a reader sees the checksum and downloads, and uploads nothing', async () => {
    const { api } = createFakeApi({ trainedModel: models() });
    renderAt('/machinelearning/1', { api, permissions: ['trainedmodel:r'] });
    const file = await screen.findByRole('region', { name: 'Model file' });
    expect(within(file).getByText(CHECKSUM)).toBeInTheDocument();
    expect(within(file).getByRole('button', { name: 'Download the file' })).toBeEnabled();
    expect(within(file).queryByRole('button', { name: 'Upload' })).toBeNull();
    expect(within(file).queryByLabelText("Choose the model's file")).toBeNull();
  });
});

/** The arguments of a mock's last call. */
function lastCall(mock: unknown): unknown[] {
  const calls = (mock as { mock: { calls: unknown[][] } }).mock.calls;
  return calls[calls.length - 1] ?? [];
}
