import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './user-menu.module.css';

export interface UserMenuProps {
  displayName: string;
  onSettings(): void;
  onAbout(): void;
  onSignOut(): void;
  /** The menu button (the shell gives the focus back to it when a dialog opened from the menu closes). */
  triggerRef?: Ref<HTMLButtonElement>;
}

export function UserMenu({ displayName, onSettings, onAbout, onSignOut, triggerRef }: UserMenuProps) {
  const { t } = useTranslation();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger ref={triggerRef} className={styles.trigger} aria-label={t('shell.userMenu')}>
        <span aria-hidden="true" className={styles.avatar}>
          {displayName.slice(0, 1).toUpperCase()}
        </span>
        <span className={styles.name}>{displayName}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.content} align="end" sideOffset={6}>
          <DropdownMenu.Label className={styles.label}>{t('shell.signedInAs', { name: displayName })}</DropdownMenu.Label>
          <DropdownMenu.Item className={styles.item} onSelect={onSettings}>
            {t('shell.settings')}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={styles.item} onSelect={onAbout}>
            {t('shell.about')}
          </DropdownMenu.Item>
          <DropdownMenu.Separator className={styles.separator} />
          <DropdownMenu.Item className={styles.item} onSelect={onSignOut}>
            {t('shell.signOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
