import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toLegacyPath } from '@portico/core';
import { useAppServices } from '../lib/app-context.ts';
import { useFrameUi } from '../frame/use-frame-ui.ts';
import { useAppSelector } from '../store/hooks.ts';
import styles from './legacy-frame.module.css';

/**
 * The legacy interface in its frame. The frame is created once, on the deep-linked route; later
 * routes reach it through the bridge (`router`) without a reload.
 */
export function LegacyFrame({ path, hidden = false }: { path: string; hidden?: boolean }) {
  const { t } = useTranslation();
  const { config, frame } = useAppServices();
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [initialSrc] = useState(() => `${config.legacyUiBase}/#${toLegacyPath(path)}`);
  const { status } = useFrameUi();
  // exposed for tests and the bench: which shell URL the frame has confirmed (spec §4 routing state)
  const routing = useAppSelector((state) => state.routing);

  useEffect(() => {
    const iframe = frameRef.current;
    if (!iframe) return;
    return frame.attach(iframe);
  }, [frame]);

  return (
    // hidden (not unmounted) while the shell shows a page of its own: the bridge stays connected
    <div
      className={styles.container}
      hidden={hidden}
      style={hidden ? { display: 'none' } : undefined}
      data-route-url={routing.url ?? ''}
      data-route-phase={routing.phase}
    >
      {status === 'connecting' && (
        <p className={styles.loading} role="status">
          {t('shell.frameLoading')}
        </p>
      )}
      {status === 'timeout' && (
        <div className={styles.timeout} role="alert">
          <h2>{t('shell.frameTimeoutTitle')}</h2>
          <p>{t('shell.frameTimeoutBody')}</p>
          <button type="button" onClick={() => frame.retry(frameRef.current)}>
            {t('shell.frameRetry')}
          </button>
        </div>
      )}
      <iframe
        ref={frameRef}
        title={t('shell.legacyFrame')}
        src={initialSrc}
        className={styles.frame}
      />
    </div>
  );
}
