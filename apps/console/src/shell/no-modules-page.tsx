import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getModulePages, getTenantGroupName, isAppRouteAllowed } from '@portico/core';
import { useAppSelector } from '../store/hooks.ts';
import { useVocabulary } from '../i18n/use-vocabulary.ts';

/**
 * The start page of a user who may open no module (the demo's `nobody`): what they can do here and
 * whom to ask, instead of "Choose a module…" with none to choose.
 */
export function NoModulesPage({
  className,
  linkClassName,
  onOpenUserMenu,
}: {
  className?: string;
  linkClassName?: string;
  onOpenUserMenu(): void;
}) {
  const { t } = useTranslation();
  const { label } = useVocabulary();
  const user = useAppSelector((state) => state.session.user);
  const permissions = useAppSelector((state) => state.authz.permissions);
  const hiddenTabs = useAppSelector((state) => state.config.hiddenTabs);
  if (!user) return null;
  const tenant = getTenantGroupName(user) || t('noModules.yourOrganisation');
  const helpPages = getModulePages('home').filter(
    (page) => page.page !== 'welcome' && isAppRouteAllowed(page.path, { permissions, hiddenTabs }),
  );
  return (
    <div className={className}>
      <section aria-labelledby="no-modules-title">
        <h2 id="no-modules-title">{t('noModules.title')}</h2>
        <p>{t('noModules.body', { name: user.username, tenant })}</p>
        <h3>{t('noModules.canDo')}</h3>
        <ul>
          {helpPages.length > 0 && (
            <li>
              {t('noModules.help')}{' '}
              {helpPages.map((page, index) => (
                <span key={page.path}>
                  {index > 0 && ', '}
                  <NavLink to={page.path}>{label(page.tab, page.labelKey)}</NavLink>
                </span>
              ))}
            </li>
          )}
          <li>
            {t('noModules.theme')}{' '}
            <button type="button" className={linkClassName} onClick={onOpenUserMenu}>
              {t('noModules.openUserMenu')}
            </button>
          </li>
        </ul>
        <h3>{t('noModules.askTitle')}</h3>
        <p>{t('noModules.ask', { tenant })}</p>
      </section>
    </div>
  );
}
