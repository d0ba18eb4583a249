import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toLegacyPath } from '@portico/core';
import { useAppServices } from '../app/app-context.ts';
import styles from './legacy-frame.module.css';

/**
 * The legacy interface in its frame. The frame is created once with the deep-linked route; later
 * routes are passed to it without reloading it.
 */
export function LegacyFrame({ path }: { path: string }) {
  const { t } = useTranslation();
  const { config } = useAppServices();
  const frameRef = useRef<HTMLIFrameElement>(null);
  const legacyPath = toLegacyPath(path);
  const [initialSrc] = useState(() => `${config.legacyUiBase}/#${legacyPath}`);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    const frameWindow = frameRef.current?.contentWindow;
    if (!loaded || !frameWindow) return;
    if (frameWindow.location.hash !== `#${legacyPath}`) frameWindow.location.replace(`${config.legacyUiBase}/#${legacyPath}`);
  }, [legacyPath, loaded, config.legacyUiBase]);

  return (
    <div className={styles.container}>
      {!loaded && (
        <p className={styles.loading} role="status">
          {t('shell.frameLoading')}
        </p>
      )}
      <iframe ref={frameRef} title={t('shell.legacyFrame')} src={initialSrc} className={styles.frame} onLoad={() => setLoaded(true)} />
    </div>
  );
}
