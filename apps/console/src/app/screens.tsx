// Full-page screens for states where the console cannot start (never a blank page).
// They show before i18next: the sign-in page's small translator reads the same message files.
import en from '../i18n/locales/en.json';
import { createMiniTranslator } from '../login/mini-translator.ts';

const t = createMiniTranslator(en);

/** The configuration file is wrong: a sentence for people, the exact problem for the administrator. */
export function ConfigErrorScreen({ message }: { message: string }) {
  return (
    <main style={{ maxWidth: '40rem', margin: '4rem auto', padding: '0 1rem' }}>
      <h1>{t('errors.configTitle')}</h1>
      <p role="alert">{t('errors.configBody')}</p>
      <details>
        <summary>{t('errors.configDetails')}</summary>
        <p>
          <code>{message}</code>
        </p>
      </details>
      <p>{t('errors.configAction')}</p>
    </main>
  );
}

export function LoadingScreen({ label }: { label: string }) {
  return (
    <main style={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }} aria-busy="true">
      <p role="status">{label}</p>
    </main>
  );
}
