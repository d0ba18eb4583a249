import { useEffect, useId, useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { useLegacy } from '../legacy-context.tsx';

/** Props of {@link ModalDialog}. */
export interface ModalDialogProps {
  title: string;
  children: ReactNode;
  /** Escape or the backdrop. */
  onDismiss: () => void;
}

/**
 * A modal dialog that tells the shell while it is open (modal {open}), so the shell dims and blocks
 * its own chrome. Focus moves into the dialog, stays there, and returns where it was on close.
 */
export function ModalDialog({ title, children, onDismiss }: ModalDialogProps) {
  const { setModalOpen } = useLegacy();
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setModalOpen(true);
    ref.current?.querySelector<HTMLElement>('button, input, select, textarea')?.focus();
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
    const focusable = [...ref.current.querySelectorAll<HTMLElement>('button, input, select, textarea')];
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
      <div ref={ref} className="modal" role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={handleKeyDown}>
        <h2 id={titleId}>{title}</h2>
        {children}
      </div>
    </div>
  );
}
