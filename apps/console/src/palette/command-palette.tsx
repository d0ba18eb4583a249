import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppServices } from '../lib/app-context.ts';
import { useVocabulary } from '../i18n/use-vocabulary.ts';
import { useAppSelector } from '../store/hooks.ts';
import { readApplicationTabs } from '@portico/core';
import { filterPalettePages, listApplicationTabPages, listPalettePages } from './palette-pages.ts';
import dialogStyles from '../shell/dialog.module.css';
import styles from './command-palette.module.css';

/**
 * The command palette (Ctrl+K / ⌘K): a dialog with a combobox over a listbox of the pages this
 * user may open. Loaded on first use; focus returns to where it was when it closes (Radix).
 */
export default function CommandPalette({ onClose }: { onClose(): void }) {
  const { t, i18n } = useTranslation();
  const { navigate } = useAppServices();
  const { label } = useVocabulary();
  const permissions = useAppSelector((state) => state.authz.permissions);
  const hiddenTabs = useAppSelector((state) => state.config.hiddenTabs);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  // Radix gives focus back to a Dialog.Trigger only; the palette also opens from the keyboard, so
  // it remembers what had the focus before it opened and returns it there.
  const [returnFocus] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  const ids = { list: useId(), option: useId() };

  const tabsField = useAppSelector((state) => state.config.groupFields.applicationTabs);
  const pages = useMemo(
    () => [
      ...listPalettePages({ permissions, hiddenTabs }, label),
      ...listApplicationTabPages(readApplicationTabs(tabsField), permissions, i18n.language),
    ],
    [permissions, hiddenTabs, label, tabsField, i18n.language],
  );
  const matches = useMemo(
    () => filterPalettePages(pages, query, i18n.language),
    [pages, query, i18n.language],
  );
  const current = Math.min(active, Math.max(matches.length - 1, 0));
  const optionId = (index: number) => `${ids.option}-${index}`;

  // keep the active option in view as the arrows move it (jsdom has no scrollIntoView)
  useEffect(() => {
    document.getElementById(optionId(current))?.scrollIntoView?.({ block: 'nearest' });
  });

  function open(path: string) {
    onClose();
    navigate(path);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = matches.length - 1;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (last < 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + matches.length) % matches.length);
    } else if ((event.key === 'Home' || event.key === 'End') && event.ctrlKey) {
      event.preventDefault();
      setActive(event.key === 'Home' ? 0 : Math.max(last, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const page = matches[current];
      if (page) open(page.path);
    }
  }

  return (
    <Dialog.Root open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogStyles.overlay} />
        <Dialog.Content
          className={styles.content}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (returnFocus?.isConnected) returnFocus.focus();
          }}
        >
          <Dialog.Title className={styles.title}>{t('palette.title')}</Dialog.Title>
          <input
            className={`text-field ${styles.input}`}
            type="text"
            role="combobox"
            aria-label={t('palette.title')}
            aria-expanded="true"
            aria-controls={ids.list}
            aria-autocomplete="list"
            aria-activedescendant={matches.length > 0 ? optionId(current) : undefined}
            placeholder={t('palette.placeholder')}
            autoComplete="off"
            spellCheck={false}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
            }}
            onKeyDown={handleKeyDown}
          />
          <ul id={ids.list} role="listbox" aria-label={t('palette.title')} className={styles.list}>
            {matches.map((page, index) => (
              <li
                key={page.path}
                id={optionId(index)}
                role="option"
                aria-label={[page.label, page.beta ? t('tabs.beta') : '', page.context]
                  .filter(Boolean)
                  .join(', ')}
                aria-selected={index === current}
                className={styles.option}
                onMouseMove={() => index !== current && setActive(index)}
                onClick={() => open(page.path)}
              >
                <span className={styles.label}>{page.label}</span>
                {page.beta && <span className={styles.badge}>{t('tabs.beta')}</span>}
                {page.context && <span className={styles.context}>{page.context}</span>}
              </li>
            ))}
          </ul>
          {matches.length === 0 && (
            <p className={styles.empty} role="status">
              {t('palette.noResults')}
            </p>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
