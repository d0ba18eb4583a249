// The plain pages run under the services' CSP (`script-src 'self'`, no 'unsafe-inline'): any inline
// script or inline event handler would be refused by the browser, so none may exist. They include
// only the frame kit and their own files, and speak the five console languages.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

const WWW = join(import.meta.dirname, '..', 'www');
const pages = readdirSync(WWW).filter((name) => name.endsWith('.html'));

describe('the plain legacy pages', () => {
  it.each(pages)('%s has no inline script, inline handler or javascript: URL', (name) => {
    const html = readFileSync(join(WWW, name), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes = '', body = ''] of scripts) {
      expect(attributes).toMatch(/\ssrc="[^"]+"/);
      expect(body.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/javascript:/i);
    expect(html).not.toMatch(/<style\b/i);
  });

  it.each(pages)(
    '%s loads the frame kit from /portico-kit/ first, and its other files exist',
    (name) => {
      const html = readFileSync(join(WWW, name), 'utf8');
      const sources = [...html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="([^"]+)"/gi)].map(
        (match) => match[1] ?? '',
      );
      expect(sources.find((source) => source.endsWith('.js'))).toBe(
        '/portico-kit/portico-frame.js',
      );
      for (const source of sources.filter((source) => !source.startsWith('/')))
        expect(existsSync(join(WWW, source)), source).toBe(true);
      expect(sources.some((source) => /^(https?:)?\/\//.test(source))).toBe(false);
    },
  );

  it('its scripts never build code from strings or write HTML', () => {
    for (const name of readdirSync(WWW).filter((file) => file.endsWith('.js'))) {
      const code = readFileSync(join(WWW, name), 'utf8');
      expect(code, name).not.toMatch(
        /\beval\(|new Function|innerHTML|outerHTML|insertAdjacentHTML|document\.write/,
      );
      expect(code, name).not.toMatch(/postMessage\([^)]*'\*'/);
    }
  });

  it('every word exists in en, es, pt-BR, fr and it, and placeholders match English', () => {
    const sandbox: {
      window: {
        PlainI18n?: {
          languages: string[];
          words: Record<string, Record<string, string>>;
          translate(language: string, key: string, values?: object): string;
        };
      };
    } = { window: {} };
    runInNewContext(readFileSync(join(WWW, 'i18n.js'), 'utf8'), sandbox);
    const i18n = sandbox.window.PlainI18n!;
    expect(i18n.languages.sort()).toEqual(['en', 'es', 'fr', 'it', 'pt-BR']);
    const english = i18n.words.en!;
    for (const language of i18n.languages) {
      const words = i18n.words[language]!;
      expect(Object.keys(words).sort(), language).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(words))
        expect(text.match(/\{\w+\}/g) ?? [], `${language}.${key}`).toEqual(
          english[key]!.match(/\{\w+\}/g) ?? [],
        );
    }
    expect(i18n.translate('pt-BR', 'signedIn', { user: 'ana', tenant: 'Acme' })).toBe(
      'Conectado como ana (Acme)',
    );
    expect(i18n.translate('es-MX', 'filter')).toBe('Filtrar');
    expect(i18n.translate('de', 'filter')).toBe('Filter');
  });
});
