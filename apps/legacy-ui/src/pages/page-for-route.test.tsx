import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { createFakeApi } from '../../test/fake-api.ts';
import { renderWithLegacy } from '../../test/render-legacy.tsx';
import { OnDemandPage, PageLoadError, lazyPage } from './page-for-route.tsx';
import type { LazyPage } from './page-for-route.tsx';

function Loaded() {
  return <h1>Loaded page</h1>;
}

/** A module fetch the test settles by hand. */
function deferredLoads() {
  const settles: Array<{ resolve: (c: ComponentType) => void; reject: (e: unknown) => void }> = [];
  const load = vi.fn(
    () =>
      new Promise<ComponentType>((resolve, reject) => {
        settles.push({ resolve, reject });
      }),
  );
  return { load, settles };
}

function Shown({
  page,
  route = '/services/apiExplorer',
}: {
  page: LazyPage<object>;
  route?: string;
}) {
  const shown = page;
  return (
    <OnDemandPage
      page={page}
      route={route}
      render={() => {
        const { Component: Page } = shown;
        return <Page />;
      }}
    />
  );
}

describe('pages loaded on demand', () => {
  it('fetches a module once, however often it is preloaded or shown', async () => {
    const { load, settles } = deferredLoads();
    const page = lazyPage(load);
    void page.preload();
    void page.preload();
    renderWithLegacy(<Shown page={page} />, {
      api: createFakeApi({}).api,
      permissions: [],
    });
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => settles[0]!.resolve(Loaded));
    expect(await screen.findByRole('heading', { name: 'Loaded page' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("shows the frame's translated loading notice while the code arrives", async () => {
    const { load } = deferredLoads();
    const page = lazyPage(load);
    renderWithLegacy(<Shown page={page} />, {
      api: createFakeApi({}).api,
      permissions: [],
      language: 'fr',
    });
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Chargement…');
    expect(notice).toHaveAttribute('aria-busy', 'true');
    expect(notice).toHaveClass('notice');
  });

  it('says so when the code cannot be fetched, and fetches again on Retry', async () => {
    const { load, settles } = deferredLoads();
    const page = lazyPage(load);
    const warn = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithLegacy(<Shown page={page} />, {
      api: createFakeApi({}).api,
      permissions: [],
    });
    await act(async () => settles[0]!.reject(new TypeError('Failed to fetch')));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This page could not be loaded');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(load).toHaveBeenCalledTimes(2);
    expect(await screen.findByRole('status')).toHaveAttribute('aria-busy', 'true');
    await act(async () => settles[1]!.resolve(Loaded));
    expect(await screen.findByRole('heading', { name: 'Loaded page' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    warn.mockRestore();
  });

  it('fails a second time: Retry reloads the frame (a deployment replaced the files)', async () => {
    const { load, settles } = deferredLoads();
    const page = lazyPage(load);
    const reload = vi.fn();
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    onTestFinished(() => quiet.mockRestore());
    renderWithLegacy(
      <OnDemandPage
        page={page}
        route="/services/apiExplorer"
        reload={reload}
        render={() => {
          const { Component: Page } = page;
          return <Page />;
        }}
      />,
      { api: createFakeApi({}).api, permissions: [] },
    );
    await act(async () => settles[0]!.reject(new TypeError('Failed to fetch')));
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(reload).not.toHaveBeenCalled();
    await act(async () => settles[1]!.reject(new TypeError('Failed to fetch')));
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a failed preload is no failure for good: showing the page fetches again', async () => {
    const { load, settles } = deferredLoads();
    const page = lazyPage(load);
    const preloaded = page.preload();
    settles[0]!.reject(new TypeError('Failed to fetch'));
    await expect(preloaded).rejects.toBeInstanceOf(PageLoadError);
    renderWithLegacy(<Shown page={page} />, {
      api: createFakeApi({}).api,
      permissions: [],
    });
    expect(load).toHaveBeenCalledTimes(2);
    await act(async () => settles[1]!.resolve(Loaded));
    expect(await screen.findByRole('heading', { name: 'Loaded page' })).toBeInTheDocument();
  });

  it('passes on errors that are not a failed fetch (a page that throws is a bug, not offline)', async () => {
    const page = lazyPage(() =>
      Promise.resolve(function Broken(): never {
        throw new Error('bug');
      }),
    );
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithLegacy(
      <Outer>
        <Shown page={page} />
      </Outer>,
      { api: createFakeApi({}).api, permissions: [] },
    );
    expect(await screen.findByText('outer: bug')).toBeInTheDocument();
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
    error.mockRestore();
  });
});

class Outer extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>outer: {this.state.error.message}</p> : this.props.children;
  }
}
