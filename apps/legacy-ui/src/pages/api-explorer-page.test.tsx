import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeApi } from '../../test/fake-api.ts';
import { renderWithLegacy } from '../../test/render-legacy.tsx';
import { ApiExplorerPage } from './api-explorer-page.tsx';

const document = {
  openapi: '3.1.0',
  paths: {
    '/thing': {
      get: { summary: 'List things', tags: ['thing'], parameters: [] },
      post: {
        summary: 'Create a thing',
        tags: ['thing'],
        parameters: [],
        requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
      },
    },
    '/zone/{id}': {
      get: {
        summary: 'Read one zone',
        tags: ['zone'],
        parameters: [{ name: 'id', in: 'path', required: true }],
      },
    },
  },
};

function setup() {
  const { api } = createFakeApi({});
  api.openApi = vi.fn(async () => document);
  api.exchange = vi.fn(async () => ({
    status: 200,
    headers: [['content-type', 'application/json'] as [string, string]],
    body: '{"total":1,"results":[{"id":1,"name":"Forklift"}]}',
  }));
  renderWithLegacy(<ApiExplorerPage />, { api, permissions: [] });
  return api;
}

describe('the API explorer', { timeout: 30_000 }, () => {
  it('searches, runs a read with the session and shows the answer', async () => {
    const api = setup();
    fireEvent.change(await screen.findByLabelText('Search operations'), {
      target: { value: 'thing' },
    });
    expect(screen.queryByText('GET /zone/{id}')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'GET /thing' }));
    fireEvent.click(screen.getByRole('button', { name: 'Run request' }));
    expect(await screen.findByText('Status 200')).toBeTruthy();
    expect(api.exchange).toHaveBeenCalledWith('GET', '/thing', undefined);
    expect(screen.getByLabelText('Body').textContent).toContain('"name": "Forklift"');
    expect(screen.getByText('content-type')).toBeTruthy();
  });

  it('asks before a write and sends the body as JSON', async () => {
    const api = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'POST /thing' }));
    const body = screen.getByLabelText('Request body (JSON)');
    fireEvent.change(body, { target: { value: '{' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run request' }));
    fireEvent.click(screen.getByRole('button', { name: 'Run it' }));
    expect(await screen.findByText('The request body is not valid JSON.')).toBeTruthy();
    fireEvent.change(body, { target: { value: '{"name":"X"}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run request' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(api.exchange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Run request' }));
    fireEvent.click(screen.getByRole('button', { name: 'Run it' }));
    await waitFor(() => expect(api.exchange).toHaveBeenCalledWith('POST', '/thing', { name: 'X' }));
  });

  it('names a missing path parameter instead of sending', async () => {
    const api = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'GET /zone/{id}' }));
    fireEvent.click(screen.getByRole('button', { name: 'Run request' }));
    expect(await screen.findByText('Fill in: id')).toBeTruthy();
    expect(api.exchange).not.toHaveBeenCalled();
  });
});
