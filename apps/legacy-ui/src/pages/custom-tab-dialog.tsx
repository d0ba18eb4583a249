import { useState } from 'react';
import { ModalDialog } from './modal-dialog.tsx';

/** Props of {@link CustomTabDialog}. */
export interface CustomTabDialogProps {
  tabId: number | null;
  onClose: (saved: boolean) => void;
}

/**
 * The custom (application) tab editor the shell opens with openCustomTabModal. The services keep no
 * application tabs, so the reference UI edits only a name and reports saved / cancelled.
 */
export function CustomTabDialog({ tabId, onClose }: CustomTabDialogProps) {
  const [name, setName] = useState('');
  return (
    <ModalDialog title={tabId === null ? 'New custom tab' : `Edit custom tab ${tabId}`} onDismiss={() => onClose(false)}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onClose(true);
        }}
      >
        <label htmlFor="custom-tab-name">Tab name</label>
        <input id="custom-tab-name" value={name} required onChange={(event) => setName(event.target.value)} />
        <div className="actions">
          <button type="submit">Save</button>
          <button type="button" onClick={() => onClose(false)}>
            Cancel
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
