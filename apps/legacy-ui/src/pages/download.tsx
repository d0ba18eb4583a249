// A file the page hands the browser to save (an export, an error file, a licence), and the export
// button of the resource lists and the audit log.
import { useLegacy } from '../legacy-context.tsx';
import { BusyButton } from './status-views.tsx';

/** Saves `blob` as `name` (the link stays alive long enough for the browser to start). */
export function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** "Export CSV", busy while the file is made. */
export function ExportButton({
  exporting,
  onExport,
}: {
  exporting: boolean;
  onExport: () => void;
}) {
  const { t } = useLegacy();
  return (
    <BusyButton
      className="secondary"
      onClick={onExport}
      busy={exporting}
      busyLabel={t('list.exporting')}
    >
      {t('list.export')}
    </BusyButton>
  );
}
