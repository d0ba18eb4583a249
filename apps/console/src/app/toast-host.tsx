import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ToastContainer, cssTransition } from 'react-toastify/unstyled';
// the library's style sheet as a style sheet, not as a string inside its script
import 'react-toastify/ReactToastify.css';
import { toastTimers } from '../lib/notifications.ts';
import './toast-host.css';

// Spec §9: 300 ms ease (the keyframes in toast-host.css), custom style class; bottom-right so a
// toast never covers the user menu or the palette button.
const Ease = cssTransition({
  enter: 'portico-toast-in',
  exit: 'portico-toast-out',
  collapseDuration: 300,
});

/** The toast area. Hovering a toast keeps it; leaving starts the 1,000 ms extended time. */
export default function ToastHost() {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const idOf = (event: Event) =>
      event.target instanceof Element ? event.target.closest('.Toastify__toast')?.id : undefined;
    const handleOver = (event: MouseEvent) => {
      const id = idOf(event);
      if (id) toastTimers.hover(id);
    };
    const handleOut = (event: MouseEvent) => {
      const id = idOf(event);
      const into =
        event.relatedTarget instanceof Element
          ? event.relatedTarget.closest('.Toastify__toast')?.id
          : undefined;
      if (id && into !== id) toastTimers.leave(id);
    };
    root.addEventListener('mouseover', handleOver);
    root.addEventListener('mouseout', handleOut);
    return () => {
      root.removeEventListener('mouseover', handleOver);
      root.removeEventListener('mouseout', handleOut);
    };
  }, []);
  return (
    <div ref={ref}>
      <ToastContainer
        position="bottom-right"
        autoClose={false}
        hideProgressBar
        pauseOnHover={false}
        pauseOnFocusLoss={false}
        newestOnTop={false}
        transition={Ease}
        className="portico-toasts"
        toastClassName="portico-toast"
        aria-label={t('app.notifications')}
        // the library's own close button and timer bar carry English labels ("close",
        // "notification timer"): ours speaks the user's language, and the timer is our own
        closeButton={({ closeToast }) => (
          <button
            type="button"
            className="Toastify__close-button"
            aria-label={t('app.closeNotification')}
            onClick={(event) => {
              event.stopPropagation();
              closeToast(true);
            }}
          >
            <svg aria-hidden="true" viewBox="0 0 14 16">
              <path
                fillRule="evenodd"
                d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"
              />
            </svg>
          </button>
        )}
        customProgressBar
      />
    </div>
  );
}
