import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './command-palette.module.css';

const IS_APPLE =
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad|iPod/.test(navigator.userAgent);

/** Ctrl+K (⌘K on Apple keyboards) anywhere in the shell calls `onOpen`, unless `disabled`. */
export function usePaletteShortcut(onOpen: () => void, disabled: boolean): void {
  const latest = useRef({ onOpen, disabled });
  latest.current = { onOpen, disabled };
  useEffect(() => {
    function handleKeyDown(event: KeyboardEvent) {
      if (
        event.key.toLowerCase() !== 'k' ||
        event.altKey ||
        event.shiftKey ||
        !(event.ctrlKey || event.metaKey)
      )
        return;
      // the browser's own Ctrl+K (focus the search bar) would take the keys away from the palette
      event.preventDefault();
      if (!latest.current.disabled) latest.current.onOpen();
    }
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, []);
}

/** The top bar's "Go to page" button, showing the shortcut. */
export function PaletteButton({ onOpen }: { onOpen(): void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={styles.trigger}
      onClick={onOpen}
      aria-keyshortcuts="Control+K Meta+K"
    >
      <svg
        className={styles.icon}
        aria-hidden="true"
        width="18"
        height="18"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
      >
        <circle cx="10.5" cy="10.5" r="6.5" />
        <path d="m15.5 15.5 5 5" />
      </svg>
      <span className={styles.text}>{t('palette.title')}</span>
      <kbd className={styles.kbd} aria-hidden="true">
        {IS_APPLE ? '⌘K' : t('palette.hint')}
      </kbd>
    </button>
  );
}
