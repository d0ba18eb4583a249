import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode, SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './dialog.module.css';

/** Props of {@link FormDialog}. */
export interface FormDialogProps {
  title: string;
  description: string;
  onClose(): void;
  onSubmit(event: SyntheticEvent<HTMLFormElement>): void;
  /** While saving the submit button is busy and says so. */
  saving: boolean;
  /** The submit button's label ("Save", "Change password"). */
  saveLabel: string;
  /** A message about the whole form (a refusal, a failure), announced. */
  error?: string | undefined;
  /** The id of that message, when the form is described by it. */
  errorId?: string;
  /** The browser's own checks off: the dialog shows its own messages by each field. */
  noValidate?: boolean;
  /** The fields. */
  children: ReactNode;
  /** Shown below the form (an explanation). */
  footer?: ReactNode;
}

/**
 * The shell's form dialogs (settings, password): a modal with its title and description, the
 * fields, a form-level message, and Cancel / Save; Escape and Cancel close it.
 */
export function FormDialog({
  title,
  description,
  onClose,
  onSubmit,
  saving,
  saveLabel,
  error,
  errorId,
  noValidate,
  children,
  footer,
}: FormDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.content}>
          <Dialog.Title className={styles.title}>{title}</Dialog.Title>
          <Dialog.Description className={styles.description}>{description}</Dialog.Description>
          <form
            className={styles.form}
            onSubmit={onSubmit}
            noValidate={noValidate}
            aria-describedby={error && errorId ? errorId : undefined}
          >
            {children}
            {error ? (
              <p id={errorId} className={styles.error} role="alert">
                {error}
              </p>
            ) : null}
            <div className={styles.actions}>
              <Dialog.Close type="button" className={styles.secondary}>
                {t('settings.cancel')}
              </Dialog.Close>
              <button type="submit" className={styles.primary} aria-busy={saving} disabled={saving}>
                {saving ? t('settings.saving') : saveLabel}
              </button>
            </div>
          </form>
          {footer}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
