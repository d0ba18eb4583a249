import { Suspense, lazy, useEffect, useMemo, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MODULES, getModulePages, getSidebarState, isAppRouteAllowed, isTabVisible, parseAppRoute } from '@portico/core';
import { useAppServices } from '../app/app-context.ts';
import { useFrameUi } from '../frame/use-frame-ui.ts';
import { useAppSelector } from '../store/hooks.ts';
import { PaletteButton, usePaletteShortcut } from '../palette/palette-trigger.tsx';
import { LegacyFrame } from './legacy-frame.tsx';
import { UserMenu } from './user-menu.tsx';
import { useVocabulary } from './use-vocabulary.ts';
import styles from './shell-layout.module.css';

const SettingsDialog = lazy(() => import('./settings-dialog.tsx'));
const AboutDialog = lazy(() => import('./about-dialog.tsx'));
const CommandPalette = lazy(() => import('../palette/command-palette.tsx'));

type Dialog = 'settings' | 'about' | 'palette' | null;

export default function ShellLayout() {
  const { t } = useTranslation();
  const { session, navigate } = useAppServices();
  const location = useLocation();
  const permissions = useAppSelector((state) => state.authz.permissions);
  const hiddenTabs = useAppSelector((state) => state.config.hiddenTabs);
  const user = useAppSelector((state) => state.session.user);
  const { label, title } = useVocabulary();
  const [dialog, setDialog] = useState<Dialog>(null);
  const frameUi = useFrameUi();
  const blocked = frameUi.modalOpen;
  usePaletteShortcut(() => setDialog('palette'), blocked || dialog !== null);
  const userMenuTrigger = useRef<HTMLButtonElement>(null);
  const previousDialog = useRef<Dialog>(null);

  // Radix gives the focus back to a Dialog.Trigger only; these dialogs open from the user menu
  // (or the frame's About link), so the focus goes back to the menu button, not to the page's body.
  useEffect(() => {
    if (dialog === null && (previousDialog.current === 'settings' || previousDialog.current === 'about')) userMenuTrigger.current?.focus();
    previousDialog.current = dialog;
  }, [dialog]);

  // the frame's About link opens the shell's About dialog (handleAboutSection)
  useEffect(() => {
    if (frameUi.aboutRequests > 0) setDialog('about');
  }, [frameUi.aboutRequests]);

  const path = location.pathname;
  const module = parseAppRoute(path)?.module ?? null;
  const sidebarState = getSidebarState(path);
  const modules = useMemo(
    () => MODULES.filter((module) => isTabVisible(module.tab, permissions, hiddenTabs)),
    [permissions, hiddenTabs],
  );
  const pages = useMemo(
    () => (module ? getModulePages(module).filter((page) => isAppRouteAllowed(page.path, { permissions, hiddenTabs })) : []),
    [module, permissions, hiddenTabs],
  );
  const showSidebar = frameUi.sidebarOpen && sidebarState !== 'NONE' && sidebarState !== 'BLANK' && pages.length > 0;

  useEffect(() => {
    document.title = title;
  }, [title]);

  async function handleSignOut() {
    await session.logout();
    navigate('/login');
  }

  if (!user) return null;
  const displayName = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;

  return (
    <div className={styles.shell}>
      <a className={styles.skip} href="#main-content" onClick={(event) => {
        event.preventDefault();
        document.getElementById('main-content')?.focus();
      }}>
        {t('app.skipToContent')}
      </a>
      <header className={styles.topbar} inert={blocked} data-blocked={blocked || undefined}>
        <span className={styles.brand}>{title}</span>
        <nav aria-label={t('shell.modules')} className={styles.modules}>
          <ul>
            {modules.map((module) => (
              <li key={module.name}>
                <NavLink to={module.path} className={({ isActive }) => (isActive ? styles.active : undefined)}>
                  {label(module.tab, module.labelKey)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <PaletteButton onOpen={() => setDialog('palette')} />
        <UserMenu
          triggerRef={userMenuTrigger}
          displayName={displayName}
          onSettings={() => setDialog('settings')}
          onAbout={() => setDialog('about')}
          onSignOut={() => void handleSignOut()}
        />
      </header>
      <div className={styles.body}>
        {showSidebar && (
          <nav aria-label={t('shell.sidebar')} className={styles.sidebar} inert={blocked} data-blocked={blocked || undefined}>
            <ul>
              {pages.map((page) => (
                <li key={page.path}>
                  <NavLink to={page.path} className={({ isActive }) => (isActive ? styles.active : undefined)}>
                    {label(page.tab, page.labelKey)}
                  </NavLink>
                </li>
              ))}
            </ul>
            {sidebarState === 'REPORTS' && frameUi.folder?.name && <p className={styles.folder}>{t('shell.reportFolder', { name: frameUi.folder.name })}</p>}
          </nav>
        )}
        <main id="main-content" tabIndex={-1} className={styles.main}>
          <LegacyFrame path={path} />
        </main>
      </div>
      <Suspense fallback={null}>
        {dialog === 'settings' && <SettingsDialog onClose={() => setDialog(null)} />}
        {dialog === 'about' && <AboutDialog onClose={() => setDialog(null)} />}
        {dialog === 'palette' && <CommandPalette onClose={() => setDialog(null)} />}
      </Suspense>
    </div>
  );
}
