import {
  Suspense,
  lazy,
  memo,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  MODULES,
  applicationTabLabel,
  applicationTabPath,
  composePageTitle,
  getOpenApplicationTab,
  getUsableApplicationTabs,
  createPermissionSet,
  readApplicationTabs,
  getAllowedModulePages,
  getSidebarLayout,
  getSidebarState,
  isAppRouteAllowed,
  isSettingsMenuItemVisible,
  isTabVisible,
  parseAppRoute,
  LOGIN_ROUTE,
  WELCOME_ROUTE,
} from '@portico/core';
import { useAppServices } from '../lib/app-context.ts';
import { useFrameUi } from '../frame/use-frame-ui.ts';
import { useAppSelector } from '../store/hooks.ts';
import { PaletteButton, usePaletteShortcut } from '../palette/palette-trigger.tsx';
import { LegacyFrame } from './legacy-frame.tsx';
import { ShellLink } from './shell-link.tsx';
import { NoModulesPage } from './no-modules-page.tsx';
import { ForbiddenPage } from './forbidden-page.tsx';
import { UserMenu } from './user-menu.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { SessionExpiryDialog } from './session-expiry-dialog.tsx';
import { UnsavedChangesGuard } from './unsaved-changes-guard.tsx';
import { useTabsFit } from './use-tabs-fit.ts';
import { useVocabulary } from '../i18n/use-vocabulary.ts';
import styles from './shell-layout.module.css';

const SettingsDialog = lazy(() => import('./settings-dialog.tsx'));
const PasswordDialog = lazy(() => import('./password-dialog.tsx'));
const AboutDialog = lazy(() => import('./about-dialog.tsx'));
const CommandPalette = lazy(() => import('../palette/command-palette.tsx'));

type Dialog = 'settings' | 'password' | 'about' | 'palette' | null;

/**
 * The route's component, memoized: the router renders its route elements again on every router
 * state change, a navigation's start (`loading`) included. The shell draws nothing from that state
 * (its location comes from useLocation, which changes at the navigation's end), so a tab click's
 * start costs no shell render, on the main thread the frame needs for its page and its answer.
 */
export default memo(ShellLayout);

function ShellLayout() {
  const { t } = useTranslation();
  const { session, navigate, frame, unsaved } = useAppServices();
  const [confirmSignOut, setConfirmSignOut] = useState(false);
  const location = useLocation();
  const permissions = useAppSelector((state) => state.authz.permissions);
  const hiddenTabs = useAppSelector((state) => state.config.hiddenTabs);
  const tabsField = useAppSelector((state) => state.config.groupFields.applicationTabs);
  const language = useAppSelector((state) => state.config.language);
  const user = useAppSelector((state) => state.session.user);
  const defaultUrl = useAppSelector((state) => state.session.defaultUrl);
  const { label, title } = useVocabulary();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [userMenuOpen, setUserMenuOpen] = useState(false);
  // narrow screens: the Modules menu and the Pages drawer
  const [modulesOpen, setModulesOpen] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const frameUi = useFrameUi();
  const blocked = frameUi.modalOpen;
  usePaletteShortcut(() => setDialog('palette'), blocked || dialog !== null);
  const userMenuTrigger = useRef<HTMLButtonElement>(null);
  const pagesToggle = useRef<HTMLButtonElement>(null);
  const previousDialog = useRef<Dialog>(null);
  const ids = { modules: useId(), sidebar: useId() };

  // Radix gives the focus back to a Dialog.Trigger only; these dialogs open from the user menu
  // (or the frame's About link), so the focus goes back to the menu button, not to the page's body.
  useEffect(() => {
    if (
      dialog === null &&
      (previousDialog.current === 'settings' ||
        previousDialog.current === 'password' ||
        previousDialog.current === 'about')
    )
      userMenuTrigger.current?.focus();
    previousDialog.current = dialog;
  }, [dialog]);

  // the frame's About link opens the shell's About dialog (handleAboutSection)
  useEffect(() => {
    if (frameUi.aboutRequests > 0) setDialog('about');
  }, [frameUi.aboutRequests]);

  // Ctrl+K and Escape typed while the focus is in the frame (bridge `shortcut`)
  const latest = useRef({ blocked, dialog });
  latest.current = { blocked, dialog };
  useEffect(
    () =>
      frame.onShortcut((command) => {
        if (command === 'openPalette') {
          if (!latest.current.blocked && latest.current.dialog === null) setDialog('palette');
          return;
        }
        setDialog(null);
        setUserMenuOpen(false);
        setModulesOpen(false);
        setDrawerOpen(false);
      }),
    [frame],
  );

  const path = location.pathname;
  // what every link of the shell's menus shares: where the shell is, how it shows and follows a link
  const linkTo = { path, activeClassName: styles.active, navigate };
  const match = parseAppRoute(path);
  const module = match?.module ?? null;
  const sidebarState = getSidebarState(path);
  const modules = useMemo(
    () => MODULES.filter((module) => isTabVisible(module.tab, permissions, hiddenTabs)),
    [permissions, hiddenTabs],
  );
  // the tenant's application tabs (its applicationTabs group field): after the built-in modules
  const applicationTabs = useMemo(() => readApplicationTabs(tabsField), [tabsField]);
  const usableTabs = useMemo(
    () => getUsableApplicationTabs(applicationTabs, permissions),
    [applicationTabs, permissions],
  );
  const access = { permissions, hiddenTabs, applicationTabs };
  const openTab = getOpenApplicationTab(path, access);
  const openMenu = openTab?.menus.find((menu) => String(menu.id) === match?.params.menuId) ?? null;
  const canEditTabs = createPermissionSet(permissions).has('settings:u');
  const pages = useMemo(
    () => (module ? getAllowedModulePages(module, { permissions, hiddenTabs }) : []),
    [module, permissions, hiddenTabs],
  );
  // what the sidebar lists: the module's pages, or (APPLICATION_TABS) the open tab's menus
  const sidebarItems = openTab
    ? openTab.menus.map((menu) => ({
        path: applicationTabPath(openTab, menu.id),
        label: applicationTabLabel(menu, language),
      }))
    : pages.map((page) => ({ path: page.path, label: label(page.labelName, page.labelKey) }));
  // Core says how the route's sidebar state shapes the sidebar: standing beside the page, or (NONE)
  // only behind the Pages button so a NONE page is no dead end, or (BLANK) not at all. The frame's
  // sidebarEvent still closes a standing sidebar, to a rail with a button that opens it again.
  const layout = getSidebarLayout(sidebarState);
  const [sidebarWanted, setSidebarWanted] = useState(frameUi.sidebarOpen);
  useEffect(() => setSidebarWanted(frameUi.sidebarOpen), [frameUi.sidebarOpen]);
  const hasSidebar = sidebarItems.length > 0 && (layout.standing || layout.drawer);
  const sidebarExpanded = hasSidebar && ((layout.standing && sidebarWanted) || drawerOpen);

  const route = match?.route;
  const pageLabel = openMenu
    ? applicationTabLabel(openMenu, language)
    : route
      ? label(route.labelName, route.labelKey)
      : null;
  const moduleLabel = module ? (MODULES.find((entry) => entry.name === module) ?? null) : null;
  const currentModule = openTab
    ? applicationTabLabel(openTab, language)
    : moduleLabel
      ? label(moduleLabel.tab, moduleLabel.labelKey)
      : t('shell.modulesMenu');
  const modulesNav = useRef<HTMLElement>(null);
  const tabsFit = useTabsFit(
    modulesNav,
    [
      ...modules.map((entry) => label(entry.tab, entry.labelKey)),
      ...usableTabs.map((tab) => applicationTabLabel(tab, language)),
    ].join('\n'),
  );
  const noModules = modules.every((entry) => entry.name === 'home');
  // a page the user may not open: the guards let its address stay, this page explains
  const forbidden = match !== null && !isAppRouteAllowed(match, access);
  const showNoModulesPage =
    !forbidden &&
    noModules &&
    (module === 'home' || module === null) &&
    (match?.page === 'welcome' || match?.page === null || !match);

  useEffect(() => {
    document.title = composePageTitle(pageLabel, title);
  }, [pageLabel, title]);

  // The phone's Pages drawer is a modal panel: opening it moves the focus to the current page's
  // link (or the first), Escape closes it wherever the focus is and gives the focus back to the
  // Pages button. Choosing a page closes it too — the current page included, which changes no path.
  const sidebarRef = useRef<HTMLElement>(null);
  const drawerShown = useRef(drawerOpen);
  drawerShown.current = drawerOpen;

  // A navigation closes the narrow-screen menus. One that did not come from the drawer (Back, a
  // link in the frame, a navigation that was still under way when the drawer opened) would leave
  // the focus on a link that is gone: it goes to the page, as when a page is chosen.
  useEffect(() => {
    setModulesOpen(false);
    if (drawerShown.current && sidebarRef.current?.contains(document.activeElement))
      document.getElementById('main-content')?.focus();
    setDrawerOpen(false);
  }, [path]);

  const closeDrawer = useCallback(() => {
    setDrawerOpen(false);
    pagesToggle.current?.focus();
  }, []);
  useEffect(() => {
    if (!drawerOpen) return;
    const links = sidebarRef.current?.querySelectorAll<HTMLAnchorElement>('a');
    const current = sidebarRef.current?.querySelector<HTMLAnchorElement>('a[aria-current="page"]');
    (current ?? links?.[0])?.focus();
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      closeDrawer();
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [drawerOpen, closeDrawer]);
  const handleChoosePage = () => {
    if (!drawerOpen) return;
    setDrawerOpen(false);
    // the link is gone with the drawer: the focus goes to the page it opened
    document.getElementById('main-content')?.focus();
  };

  async function signOut() {
    setConfirmSignOut(false);
    await session.logout({ deliberate: true });
    navigate(LOGIN_ROUTE);
  }
  // with unsaved changes in the frame, the user's own sign-out asks first
  function handleSignOut() {
    if (unsaved.current()) setConfirmSignOut(true);
    else void signOut();
  }

  if (!user) return null;
  const displayName = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;

  return (
    <div className={styles.shell}>
      <a
        className={styles.skip}
        href="#main-content"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main-content')?.focus();
        }}
      >
        {t('app.skipToContent')}
      </a>
      <header className={styles.topbar} inert={blocked} data-blocked={blocked || undefined}>
        <span className={styles.brand}>{title}</span>
        <nav
          aria-label={t('shell.modules')}
          ref={modulesNav}
          className={styles.modules}
          data-open={modulesOpen || undefined}
          data-collapsed={!tabsFit || undefined}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && modulesOpen) {
              setModulesOpen(false);
              (event.currentTarget.querySelector('button') as HTMLButtonElement | null)?.focus();
            }
          }}
        >
          <button
            type="button"
            className={`${styles.barButton} ${styles.modulesToggle}`}
            aria-expanded={modulesOpen}
            aria-controls={ids.modules}
            onClick={() => setModulesOpen((open) => !open)}
            aria-label={t('shell.modulesMenuLabel', { module: currentModule })}
          >
            <span aria-hidden="true">☰</span> {currentModule}
          </button>
          <ul id={ids.modules}>
            {modules.map((module) => (
              <li key={module.name}>
                <ShellLink to={module.path} {...linkTo} onClick={() => setModulesOpen(false)}>
                  {label(module.tab, module.labelKey)}
                </ShellLink>
              </li>
            ))}
            {usableTabs.map((tab) => (
              <li key={`application-tab-${tab.id}`}>
                <ShellLink
                  to={applicationTabPath(tab)}
                  {...linkTo}
                  active={openTab?.id === tab.id}
                  onClick={() => setModulesOpen(false)}
                >
                  {applicationTabLabel(tab, language)}
                </ShellLink>
              </li>
            ))}
          </ul>
        </nav>
        <span className={styles.palette}>
          <PaletteButton onOpen={() => setDialog('palette')} />
        </span>
        <span className={styles.user}>
          <UserMenu
            triggerRef={userMenuTrigger}
            displayName={displayName}
            showSettings={isSettingsMenuItemVisible(permissions)}
            open={userMenuOpen}
            onOpenChange={setUserMenuOpen}
            onSettings={() => setDialog('settings')}
            onPassword={() => setDialog('password')}
            onAbout={() => setDialog('about')}
            onSignOut={handleSignOut}
          />
        </span>
      </header>
      <div className={styles.body}>
        {hasSidebar && sidebarExpanded && (
          <>
            <div
              className={styles.drawerBackdrop}
              data-open={drawerOpen || undefined}
              onClick={closeDrawer}
              aria-hidden="true"
            />
            <nav
              id={ids.sidebar}
              aria-label={t('shell.sidebar')}
              className={styles.sidebar}
              data-open={drawerOpen || undefined}
              data-overlay={!layout.standing || undefined}
              data-state={sidebarState}
              ref={sidebarRef}
              inert={blocked}
              data-blocked={blocked || undefined}
            >
              <div className={styles.sidebarHeader}>
                <span>
                  {openTab
                    ? applicationTabLabel(openTab, language)
                    : moduleLabel
                      ? label(moduleLabel.tab, moduleLabel.labelKey)
                      : ''}
                </span>
                <button type="button" className={styles.closeDrawer} onClick={closeDrawer}>
                  {t('shell.closePages')}
                </button>
              </div>
              <ul>
                {sidebarItems.map((item) => (
                  <li key={item.path}>
                    <ShellLink to={item.path} {...linkTo} onClick={handleChoosePage}>
                      {item.label}
                    </ShellLink>
                  </li>
                ))}
              </ul>
              {openTab && canEditTabs && (
                <p className={styles.tabActions}>
                  <button
                    type="button"
                    className={styles.linkButton}
                    onClick={() => frame.openCustomTab(openTab.id)}
                  >
                    {t('shell.editApplicationTab', {
                      name: applicationTabLabel(openTab, language),
                    })}
                  </button>{' '}
                  <button
                    type="button"
                    className={styles.linkButton}
                    onClick={() => frame.openCustomTab(null)}
                  >
                    {t('shell.newApplicationTab')}
                  </button>
                </p>
              )}
              {sidebarState === 'REPORTS' && frameUi.folder?.name && (
                <p className={styles.folder}>
                  {t('shell.reportFolder', { name: frameUi.folder.name })}
                </p>
              )}
            </nav>
          </>
        )}
        {hasSidebar && layout.standing && !sidebarWanted && (
          <div className={styles.rail} inert={blocked} data-blocked={blocked || undefined}>
            <button
              type="button"
              className={styles.railButton}
              aria-expanded="false"
              onClick={() => setSidebarWanted(true)}
            >
              {t('shell.showPages')}
            </button>
          </div>
        )}
        <main id="main-content" tabIndex={-1} className={styles.main}>
          <h1 className="visually-hidden">{pageLabel ?? title}</h1>
          {hasSidebar && (
            <div
              className={styles.pagesBar}
              data-standalone={!layout.standing || undefined}
              inert={blocked}
              data-blocked={blocked || undefined}
            >
              <button
                ref={pagesToggle}
                type="button"
                className={`${styles.barButton} ${styles.pagesToggle}`}
                aria-expanded={drawerOpen}
                aria-controls={ids.sidebar}
                onClick={() => setDrawerOpen(true)}
              >
                <span aria-hidden="true">☰</span> {t('shell.pages')}
              </button>
              <span className={styles.current}>{pageLabel}</span>
            </div>
          )}
          {showNoModulesPage && (
            <NoModulesPage
              className={styles.noModules}
              linkClassName={styles.linkButton}
              onOpenUserMenu={() => setUserMenuOpen(true)}
            />
          )}
          {forbidden && match && (
            <ForbiddenPage
              className={styles.noModules}
              route={match.route}
              address={`#${path}${location.search}`}
            />
          )}
          <LegacyFrame
            path={forbidden ? (defaultUrl ?? WELCOME_ROUTE) : path}
            hidden={showNoModulesPage || forbidden}
          />
        </main>
      </div>
      <Suspense fallback={null}>
        {dialog === 'settings' && <SettingsDialog onClose={() => setDialog(null)} />}
        {dialog === 'password' && <PasswordDialog onClose={() => setDialog(null)} />}
        {dialog === 'about' && <AboutDialog onClose={() => setDialog(null)} />}
        {dialog === 'palette' && <CommandPalette onClose={() => setDialog(null)} />}
      </Suspense>
      <UnsavedChangesGuard />
      <SessionExpiryDialog onSignOut={handleSignOut} />
      {confirmSignOut && (
        <ConfirmDialog
          title={t('safety.unsavedTitle')}
          body={t('safety.signOutBody')}
          cancelLabel={t('safety.stay')}
          confirmLabel={t('safety.signOutAnyway')}
          onCancel={() => setConfirmSignOut(false)}
          onConfirm={() => void signOut()}
        />
      )}
    </div>
  );
}
