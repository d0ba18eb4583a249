import { useState } from 'react';
import { useLegacy } from '../legacy-context.tsx';
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
  const { t } = useLegacy();
  const [name, setName] = useState('');
  return (
    <ModalDialog
      title={tabId === null ? t('customTab.new') : t('customTab.edit')}
      onDismiss={() => onClose(false)}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onClose(true);
        }}
      >
        <div className="field">
          <label htmlFor="custom-tab-name">{t('customTab.name')}</label>
          <input
            id="custom-tab-name"
            value={name}
            required
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <div className="form-actions">
          <span className="actions-end">
            <button type="button" className="secondary" onClick={() => onClose(false)}>
              {t('form.cancel')}
            </button>
            <button type="submit">{t('form.save')}</button>
          </span>
        </div>
      </form>
    </ModalDialog>
  );
}
