// Every language's catalog at once, for tests: the frame fetches the one a session reads
// (i18n.ts, loadLanguage); tests render any language at once, so setup.ts registers them all.
import esMessages from '../src/locales/es.json';
import frMessages from '../src/locales/fr.json';
import itMessages from '../src/locales/it.json';
import ptBRMessages from '../src/locales/pt-BR.json';
import { locale } from '../src/i18n.ts';

/** Spanish. */
export const es = locale(esMessages);
/** Brazilian Portuguese. */
export const ptBR = locale(ptBRMessages);
/** French. */
export const fr = locale(frMessages);
/** Italian. */
export const it = locale(itMessages);

/** The catalogs by language tag, as the session names them. */
export const ALL_LANGUAGES = { es, 'pt-BR': ptBR, fr, it } as const;
