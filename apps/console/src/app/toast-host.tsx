import { ToastContainer } from 'react-toastify';

/** Spec §9: 5000 ms, top-right, no limit, duplicates allowed, custom style class. */
export default function ToastHost() {
  return <ToastContainer position="top-right" autoClose={5000} newestOnTop={false} className="portico-toasts" toastClassName="portico-toast" />;
}
