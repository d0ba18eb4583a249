// The sign-in form as HTML, made at build time (vite.config.ts's pre-render plugin) from the same
// component the page hydrates, so the markup cannot drift from what React renders. Never imported by
// the page itself: it carries react-dom/server and every language's messages.
import { renderToString } from 'react-dom/server';
import { SUPPORTED_LANGUAGES, type Language } from '@portico/core';
import en from '../i18n/locales/en.json';
import es from '../i18n/locales/es.json';
import fr from '../i18n/locales/fr.json';
import it from '../i18n/locales/it.json';
import ptBR from '../i18n/locales/pt-BR.json';
import { parseRuntimeConfig } from '../lib/runtime-config.ts';
import { LightSignIn, type ConfigLinks } from './light-sign-in.tsx';
import { createMiniTranslator, mergeMessages } from './mini-translator.ts';

const MESSAGES: Record<Language, unknown> = { en, es, 'pt-BR': ptBR, fr, it };

export const PRERENDERED_LANGUAGES: readonly Language[] = SUPPORTED_LANGUAGES;

/** The links under the form that a portico.config.json adds (the build's own file). */
export function configLinks(configJson: unknown): ConfigLinks {
  const config = parseRuntimeConfig(configJson);
  return { forgot: config.forgotPasswordUrl, sso: config.ssoUrl };
}

export interface PrerenderedPage {
  /** The form's markup: the children of #root. */
  markup: string;
  /** The document title in this language. */
  title: string;
}

/** The light sign-in entry's first render in `language`, with `links`, as HTML. */
export function prerenderSignIn(language: Language, links: ConfigLinks): PrerenderedPage {
  const t = createMiniTranslator(mergeMessages(en, MESSAGES[language]));
  const noop = () => undefined;
  const markup = renderToString(
    <LightSignIn
      onSignIn={async () => undefined}
      onSignedInElsewhere={noop}
      prerendered={{ language, t, links }}
    />,
  );
  return { markup, title: t('app.productTitle') };
}
