import { useEffect, useId, useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { useLegacy } from '../legacy-context.tsx';

/** Props of {@link ModalDialog}. */
export interface ModalDialogProps {
  title: string;
  /** Id for the title element (so content can reference it); generated when absent. */
  titleId?: string;
  children: ReactNode;
  /** Escape or the backdrop. */
  onDismiss: () => void;
}

/**
 * A modal dialog that tells the shell while it is open (modal {open}), so the shell dims and blocks
 * its own chrome. Focus moves into the dialog, stays there, and returns where it was on close.
 */
export function ModalDialog({
  title,
  titleId: givenTitleId,
  children,
  onDismiss,
}: ModalDialogProps) {
  const { setModalOpen } = useLegacy();
  const generatedId = useId();
  const titleId = givenTitleId ?? generatedId;
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setModalOpen(true);
    // Content may still be loading: the dialog itself takes focus until there is a control.
    (
      ref.current?.querySelector<HTMLElement>('button, input, select, textarea') ?? ref.current
    )?.focus();
    return () => {
      setModalOpen(false);
      previous?.focus();
    };
  }, [setModalOpen]);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      onDismiss();
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    const focusable = [
      ...ref.current.querySelectorAll<HTMLElement>('button, input, select, textarea'),
    ];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  }

  return (
    <div className="modal-backdrop">
      <div
        ref={ref}
        tabIndex={-1}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={handleKeyDown}
      >
        <h2 id={titleId}>{title}</h2>
        {children}
      </div>
    </div>
  );
}
