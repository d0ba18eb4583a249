import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SUPPORTED_LANGUAGES } from '@portico/core';
import portico from '../../public/portico.config.json';
import { LightSignIn, loadSignInTranslator } from './light-sign-in.tsx';
import { configLinks, prerenderSignIn } from './prerender-sign-in.tsx';
import {
  addModulePreloads,
  inlineStylesheets,
  signInDocument,
  signInPagePath,
} from './sign-in-document.ts';

const links = configLinks(portico);
// hydrateRoot is driven by act() here, as Testing Library's render is
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

/** Hydrates `markup` as the page does (main.tsx), returning what React reported. */
async function hydrate(markup: string, language: (typeof SUPPORTED_LANGUAGES)[number]) {
  const container = document.createElement('div');
  container.innerHTML = markup;
  document.body.append(container);
  const input = container.querySelector('input');
  const errors: unknown[] = [];
  const consoleErrors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const t = await loadSignInTranslator(language);
  const root = await act(async () =>
    hydrateRoot(
      container,
      <LightSignIn
        onSignIn={async () => undefined}
        onSignedInElsewhere={() => undefined}
        prerendered={{ language, t, links }}
      />,
      { onRecoverableError: (error) => errors.push(error) },
    ),
  );
  return {
    container,
    input,
    errors,
    consoleErrors: consoleErrors.mock.calls,
    unmount: () => act(() => root.unmount()),
  };
}

describe('the pre-rendered sign-in form', () => {
  it.each(SUPPORTED_LANGUAGES)(
    'is what React renders, in %s: hydrating it changes and reports nothing',
    async (language) => {
      const { markup } = prerenderSignIn(language, links);
      const result = await hydrate(markup, language);
      expect(result.errors).toEqual([]);
      expect(result.consoleErrors).toEqual([]);
      // the same element: taken over, not replaced
      expect(result.container.querySelector('input')).toBe(result.input);
      await result.unmount();
    },
  );

  it('differs from a form rendered in another language (the comparison can fail)', async () => {
    const { markup } = prerenderSignIn('fr', links);
    const result = await hydrate(markup, 'es');
    expect(result.errors.length + result.consoleErrors.length).toBeGreaterThan(0);
    await result.unmount();
  });

  it('keeps what was typed before React took the form over, and sends it', async () => {
    const { markup } = prerenderSignIn('en', links);
    const container = document.createElement('div');
    container.innerHTML = markup;
    document.body.append(container);
    const [username, password] = [...container.querySelectorAll('input')];
    username!.value = 'admin';
    password!.value = 'demo';
    const onSignIn = vi.fn(async () => undefined);
    const t = await loadSignInTranslator('en');
    const root = await act(async () =>
      hydrateRoot(
        container,
        <LightSignIn
          onSignIn={onSignIn}
          onSignedInElsewhere={() => undefined}
          prerendered={{ language: 'en', t, links }}
          submitPending
        />,
      ),
    );
    expect(onSignIn).toHaveBeenCalledWith('admin', 'demo');
    // a later render (the busy state) writes the state back: what was typed is still there
    expect(username!.value).toBe('admin');
    expect(password!.value).toBe('demo');
    act(() => root.unmount());
  });

  it('has the form, its language, autofocus and no-navigation submit in the markup', () => {
    const { markup, title } = prerenderSignIn('es', links);
    expect(title).toBe('Portico');
    expect(markup).toContain('Iniciar sesión');
    expect(markup).toContain('method="dialog"');
    expect(markup).toMatch(/<input[^>]*autofocus=""[^>]*name="username"/);
    expect(markup).toContain(`href="${links.sso ?? ''}"`);
  });
});

describe('the sign-in pages of the build', () => {
  const html =
    '<!doctype html>\n<html lang="en">\n<head><title>Portico</title>' +
    '<link rel="stylesheet" crossorigin href="/assets/index-abc.css">' +
    '<link rel="modulepreload" crossorigin href="/assets/a.js"></head>\n' +
    '<body><div id="root"></div></body></html>';

  it('inline the stylesheets the build holds, and leave others', () => {
    const inlined = inlineStylesheets(html, (file) =>
      file === 'assets/index-abc.css' ? 'body{margin:0}\n' : undefined,
    );
    expect(inlined).toContain('<style>body{margin:0}</style>');
    expect(inlined).not.toContain('index-abc.css');
    expect(inlineStylesheets(html, () => undefined)).toBe(html);
    expect(inlineStylesheets(html, () => 'a{}</style><script>')).toBe(html);
  });

  it('preload each file once', () => {
    const preloaded = addModulePreloads(html, ['/assets/a.js', '/assets/b.js', '/assets/b.js']);
    expect(preloaded.match(/href="\/assets\/b\.js"/g)).toHaveLength(1);
    expect(preloaded.match(/href="\/assets\/a\.js"/g)).toHaveLength(1);
  });

  it('put the form in #root with its language, title and links (escaped)', () => {
    const page = signInDocument(html, {
      language: 'pt-BR',
      markup: '<main>form</main>',
      title: 'A & B',
      links: { forgot: '/forgot?a="b"', sso: null },
    });
    expect(page).toContain('<html lang="pt-BR">');
    expect(page).toContain('<title>A &amp; B</title>');
    expect(page).toContain(
      '<div id="root" data-sign-in="pt-BR" data-sign-in-links="{&quot;forgot&quot;:&quot;/forgot?a=\\&quot;b\\&quot;&quot;,&quot;sso&quot;:null}"><main>form</main></div>',
    );
    expect(signInPagePath('pt-BR')).toBe('sign-in/pt-BR.html');
    expect(() =>
      signInDocument('<body></body>', { language: 'en', markup: '', title: '', links }),
    ).toThrow();
  });
});
