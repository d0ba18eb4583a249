import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toLegacyPath } from '@portico/core';
import { useAppServices } from '../lib/app-context.ts';
import { useFrameUi } from '../frame/use-frame-ui.ts';
import { useStore } from 'react-redux';
import type { RootState } from '../store/store.ts';
import styles from './legacy-frame.module.css';

/**
 * The legacy interface in its frame. The frame is created once, on the deep-linked route; later
 * routes reach it through the bridge (`router`) without a reload. A frame booted ahead while the
 * user signed in is moved into place instead, with its document kept.
 */
export function LegacyFrame({ path, hidden = false }: { path: string; hidden?: boolean }) {
  const { t } = useTranslation();
  const { config, frame } = useAppServices();
  const frameRef = useRef<HTMLIFrameElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const [initialSrc] = useState(() => `${config.legacyUiBase}/#${toLegacyPath(path)}`);
  // Decided at the first render: the frame booted ahead is taken in the layout effect below, or
  // this component renders its own (the usual way, and the fallback when the move fails).
  const [prebooted, setPrebooted] = useState(frame.hasPrebooted);
  const title = t('shell.legacyFrame');
  const { status } = useFrameUi();
  // Exposed for tests and the bench: which shell URL the frame has confirmed (spec §4 routing
  // state). Written straight onto the container, not rendered: a tab click and the frame's answer
  // then cost no React render on the way to the frame and back.
  const store = useStore<RootState>();
  useLayoutEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let shown: RootState['routing'] | null = null;
    const mirror = () => {
      const routing = store.getState().routing;
      if (routing === shown) return;
      shown = routing;
      container.dataset.routeUrl = routing.url ?? '';
      container.dataset.routePhase = routing.phase;
    };
    mirror();
    return store.subscribe(mirror);
  }, [store]);

  const adoptedRef = useRef<HTMLIFrameElement | null>(null);
  useLayoutEffect(() => {
    const container = containerRef.current;
    if (!prebooted || !container) return;
    let iframe = adoptedRef.current;
    if (!iframe) {
      iframe = frame.adoptPrebooted(container);
      if (!iframe) {
        setPrebooted(false);
        return;
      }
      iframe.className = styles.frame ?? '';
      adoptedRef.current = iframe;
    } else {
      // mounted again after a cleanup (React's StrictMode in development): put back and reconnect
      container.append(iframe);
      frame.attach(iframe);
    }
    frameRef.current = iframe;
    return () => {
      frame.detach();
      iframe.remove();
      frameRef.current = null;
    };
  }, [frame, prebooted]);

  useEffect(() => {
    if (prebooted && frameRef.current) frameRef.current.title = title;
  }, [prebooted, title]);

  useEffect(() => {
    if (prebooted) return;
    const iframe = frameRef.current;
    if (!iframe) return;
    return frame.attach(iframe);
  }, [frame, prebooted]);

  return (
    // hidden (not unmounted) while the shell shows a page of its own: the bridge stays connected
    <div
      ref={containerRef}
      className={styles.container}
      hidden={hidden}
      style={hidden ? { display: 'none' } : undefined}
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
      {!prebooted && (
        <iframe ref={frameRef} title={title} src={initialSrc} className={styles.frame} />
      )}
    </div>
  );
}
