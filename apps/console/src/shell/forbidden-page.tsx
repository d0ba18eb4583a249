import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { WELCOME_ROUTE, explainTabVisibility, isModuleName, type AppRoute } from '@portico/core';
import { useAppSelector } from '../store/hooks.ts';
import { useVocabulary } from '../i18n/use-vocabulary.ts';

/**
 * A page of the route table the user may not open, shown on its own address: the address stays
 * in the location bar and on the page (the user can copy it into a request to an administrator),
 * with the reason in plain words and the way to the start page.
 */
export function ForbiddenPage({
  route,
  address,
  className,
}: {
  route: AppRoute;
  address: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const { label } = useVocabulary();
  const permissions = useAppSelector((state) => state.authz.permissions);
  const hiddenTabs = useAppSelector((state) => state.config.hiddenTabs);
  const startUrl = useAppSelector((state) => state.session.defaultUrl) ?? WELCOME_ROUTE;
  const page = label(route.labelName, route.labelKey);
  // the first tab in the way: the module's, then the page's own; a hidden one is said as such
  const hidden = [isModuleName(route.module) ? route.module : null, route.tab]
    .flatMap((tab) => (tab === null ? [] : [tab]))
    .find((tab) => explainTabVisibility(tab, permissions, hiddenTabs).hiddenByUser);
  return (
    <div className={className}>
      <section aria-labelledby="forbidden-title" data-testid="forbidden-page">
        <h2 id="forbidden-title">{t('shell.forbiddenTitle')}</h2>
        <p>
          {t('shell.forbiddenAddress')} <code>{address}</code>
        </p>
        <p>
          {hidden
            ? t('shell.forbiddenHidden', { page, area: label(hidden) })
            : t('shell.noAccess', { page })}
        </p>
        <p>
          <NavLink to={startUrl}>{t('shell.forbiddenStart')}</NavLink>
        </p>
      </section>
    </div>
  );
}
