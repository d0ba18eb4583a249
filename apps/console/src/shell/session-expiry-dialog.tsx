import * as Dialog from '@radix-ui/react-dialog';
import { useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { countdownAnnouncement } from '@portico/core';
import { useAppServices } from '../lib/app-context.ts';
import styles from './dialog.module.css';

function clock(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The warning before the session ends (role=alertdialog, "Stay signed in" focused): a visible
 * countdown every second, and for screen readers a polite announcement only when core's threshold
 * changes (2 min, 1 min, 30 s, 10 s), never every second. "Sign out" is the user's own sign-out
 * (it asks first when a form has unsaved changes).
 */
export function SessionExpiryDialog({ onSignOut }: { onSignOut(): void }) {
  const { t } = useTranslation();
  const { expiry } = useAppServices();
  const snapshot = useSyncExternalStore(expiry.subscribe, expiry.getSnapshot);
  const [extending, setExtending] = useState(false);
  const stayRef = useRef<HTMLButtonElement>(null);
  if (snapshot.phase !== 'WARNING') return null;
  const announcement = countdownAnnouncement(snapshot.remainingMs);

  function handleStay() {
    setExtending(true);
    void expiry.staySignedIn().finally(() => setExtending(false));
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && handleStay()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          role="alertdialog"
          className={styles.content}
          data-testid="session-expiry-dialog"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            stayRef.current?.focus();
          }}
        >
          <Dialog.Title className={styles.title}>{t('safety.expiryTitle')}</Dialog.Title>
          <Dialog.Description className={styles.description}>
            {t('safety.expiryBody')}
          </Dialog.Description>
          <p aria-hidden="true" className={styles.countdown}>
            {t('safety.timeLeft', { time: clock(snapshot.remainingMs) })}
          </p>
          <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
            {announcement.unit === 'minutes'
              ? t('safety.announceMinutes', { n: announcement.count })
              : t('safety.announceSeconds', { n: announcement.count })}
          </p>
          <div className={styles.actions}>
            <button type="button" className={styles.secondary} onClick={onSignOut}>
              {t('safety.signOut')}
            </button>
            <button
              ref={stayRef}
              type="button"
              className={styles.primary}
              onClick={handleStay}
              aria-busy={extending || undefined}
              disabled={extending}
            >
              {t('safety.staySignedIn')}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
