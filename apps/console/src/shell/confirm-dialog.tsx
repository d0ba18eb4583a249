import * as Dialog from '@radix-ui/react-dialog';
import { useRef } from 'react';
import styles from './dialog.module.css';

export interface ConfirmDialogProps {
  title: string;
  body: string;
  /** The safe choice: focused, and what Escape does. */
  cancelLabel: string;
  confirmLabel: string;
  onCancel(): void;
  onConfirm(): void;
}

/**
 * A question the user must answer before anything else (role=alertdialog): the safe choice has the
 * focus, so Enter or Escape keeps the user's work.
 */
export function ConfirmDialog({
  title,
  body,
  cancelLabel,
  confirmLabel,
  onCancel,
  onConfirm,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          role="alertdialog"
          className={styles.content}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            cancelRef.current?.focus();
          }}
        >
          <Dialog.Title className={styles.title}>{title}</Dialog.Title>
          <Dialog.Description className={styles.description}>{body}</Dialog.Description>
          <div className={styles.actions}>
            <button type="button" className={styles.secondary} onClick={onConfirm}>
              {confirmLabel}
            </button>
            <button ref={cancelRef} type="button" className={styles.primary} onClick={onCancel}>
              {cancelLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
