import { useId } from 'react';
import { useLegacy } from '../legacy-context.tsx';
import type { ResourceDef } from '../resources.ts';
import { RecordHistory } from './audit-log-page.tsx';
import { ModalDialog } from './modal-dialog.tsx';
import { formTitle } from './form-values.ts';
import { ResourceForm } from './resource-form.tsx';

/** The create / edit dialog over a list page (the shell is told: modal {open}). */
export function ResourceDialog({
  resource,
  id,
  onClose,
}: {
  resource: ResourceDef;
  id: number | 'new';
  onClose: (changed: boolean) => void;
}) {
  const { t, permissions, oneLabel } = useLegacy();
  const headingId = useId();
  const creating = id === 'new';
  const canSave = permissions.has(`${resource.permission}:${creating ? 'i' : 'u'}`);
  return (
    <ModalDialog
      title={formTitle(t, oneLabel(resource), creating, canSave)}
      titleId={headingId}
      onDismiss={() => onClose(false)}
    >
      <ResourceForm
        resource={resource}
        id={id}
        headingId={headingId}
        onFinished={() => onClose(true)}
        onCancel={() => onClose(false)}
      />
      <RecordHistory resource={resource.api} id={id} />
    </ModalDialog>
  );
}
