import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useSyncExternalStore, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { THEME_PREFERENCES, parseThemePreference } from '@portico/core';
import { getThemePreference, setThemePreference, subscribeColorScheme } from './color-scheme.ts';
import styles from './user-menu.module.css';

export interface UserMenuProps {
  displayName: string;
  /** Spec §6: the settings item uses the tenants permission (core's isSettingsMenuItemVisible). */
  showSettings: boolean;
  onSettings(): void;
  /** One's own password: every signed-in user (PUT /user/{id}/password needs no permission). */
  onPassword(): void;
  onAbout(): void;
  onSignOut(): void;
  /** The menu button (the shell gives the focus back to it when a dialog opened from the menu closes). */
  triggerRef?: Ref<HTMLButtonElement>;
  /** Controlled open state (the shell closes the menu on an Escape typed in the frame). */
  open?: boolean;
  onOpenChange?(open: boolean): void;
}

export function UserMenu({
  displayName,
  showSettings,
  onSettings,
  onPassword,
  onAbout,
  onSignOut,
  triggerRef,
  open,
  onOpenChange,
}: UserMenuProps) {
  const { t } = useTranslation();
  const theme = useSyncExternalStore(subscribeColorScheme, getThemePreference, getThemePreference);
  return (
    <DropdownMenu.Root
      modal={false}
      {...(open === undefined ? {} : { open })}
      {...(onOpenChange ? { onOpenChange } : {})}
    >
      <DropdownMenu.Trigger
        ref={triggerRef}
        className={styles.trigger}
        aria-label={t('shell.userMenu')}
      >
        <span aria-hidden="true" className={styles.avatar}>
          {displayName.slice(0, 1).toUpperCase()}
        </span>
        <span className={styles.name}>{displayName}</span>
      </DropdownMenu.Trigger>
      {/* no portal: the menu stays inside the banner landmark (axe best-practice "region") */}
      <DropdownMenu.Content
        className={styles.content}
        align="end"
        sideOffset={6}
        collisionPadding={8}
      >
        <DropdownMenu.Label className={styles.label}>
          {t('shell.signedInAs', { name: displayName })}
        </DropdownMenu.Label>
        {showSettings && (
          <DropdownMenu.Item className={styles.item} onSelect={onSettings}>
            {t('shell.settings')}
          </DropdownMenu.Item>
        )}
        <DropdownMenu.Item className={styles.item} onSelect={onPassword}>
          {t('shell.changePassword')}
        </DropdownMenu.Item>
        <DropdownMenu.Item className={styles.item} onSelect={onAbout}>
          {t('shell.about')}
        </DropdownMenu.Item>
        <DropdownMenu.Separator className={styles.separator} />
        <DropdownMenu.Group aria-labelledby="theme-group-label">
          <DropdownMenu.Label id="theme-group-label" className={styles.groupLabel}>
            {t('shell.theme')}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={theme}
            onValueChange={(value) => setThemePreference(parseThemePreference(value))}
          >
            {THEME_PREFERENCES.map((preference) => (
              <DropdownMenu.RadioItem
                key={preference}
                value={preference}
                className={styles.item}
                // keep the menu open: the user sees the change and may try another
                onSelect={(event) => event.preventDefault()}
              >
                <span className={styles.check} aria-hidden="true">
                  <DropdownMenu.ItemIndicator>✓</DropdownMenu.ItemIndicator>
                </span>
                {t(`shell.theme_${preference}`)}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Group>
        <DropdownMenu.Separator className={styles.separator} />
        <DropdownMenu.Item className={styles.item} onSelect={onSignOut}>
          {t('shell.signOut')}
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
