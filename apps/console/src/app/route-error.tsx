import { isRouteErrorResponse, useRevalidator, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NetworkError } from '../api/api-errors.ts';
import styles from './route-error.module.css';

/** The screen for a route that could not load: the services unreachable, or anything unexpected. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  if (error instanceof NetworkError) {
    return (
      <main className={styles.page}>
        <h1>{t('errors.unreachableTitle')}</h1>
        <p role="alert">{t('errors.unreachableBody')}</p>
        <button
          type="button"
          className={styles.retry}
          onClick={() => void revalidator.revalidate()}
          aria-busy={revalidator.state === 'loading'}
        >
          {t('errors.retry')}
        </button>
      </main>
    );
  }
  // the cause is for developers (the console); people get a sentence saying what to do
  console.error(
    'portico: the page could not be shown',
    isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error,
  );
  return (
    <main className={styles.page}>
      <h1>{t('errors.genericTitle')}</h1>
      <p role="alert">{t('errors.generic')}</p>
      <p>
        <a href="#/app">{t('errors.home')}</a>
      </p>
    </main>
  );
}
