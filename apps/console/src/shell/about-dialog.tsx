import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppServices } from '../lib/app-context.ts';
import { useVocabulary } from '../i18n/use-vocabulary.ts';
import styles from './dialog.module.css';

/** Spec §9: the override label, shown when the configuration flag allows it. */
export const VERSION_OVERRIDE_LABEL = 'v11.3.0';

interface VersionInfo {
  displayVersion: string;
  commit: string;
  date: string;
}

type Part = 'services' | 'legacyUi' | 'newUi';

function isVersionInfo(value: unknown): value is VersionInfo {
  if (typeof value !== 'object' || value === null) return false;
  const info = value as Record<string, unknown>;
  return (
    typeof info.displayVersion === 'string' &&
    typeof info.commit === 'string' &&
    typeof info.date === 'string'
  );
}

/** The three version reads of spec §7, each with a timestamp query parameter. */
export function versionUrls(
  config: { apiBaseHost: string; legacyUiBase: string },
  now: number,
): Record<Part, string> {
  return {
    services: `${config.apiBaseHost}/git.json?t=${now}`,
    legacyUi: `${config.legacyUiBase}/extra/git.json?t=${now}`,
    newUi: `extra/git.json?t=${now}`,
  };
}

export default function AboutDialog({ onClose }: { onClose(): void }) {
  const { t, i18n } = useTranslation();
  const { config } = useAppServices();
  const { title } = useVocabulary();
  const [versions, setVersions] = useState<Partial<Record<Part, VersionInfo | null>>>({});

  useEffect(() => {
    const controller = new AbortController();
    const urls = versionUrls(config, Date.now());
    for (const part of Object.keys(urls) as Part[]) {
      fetch(urls[part], { signal: controller.signal, cache: 'no-store' })
        .then((response) => (response.ok ? response.json() : null))
        .then((json: unknown) =>
          setVersions((current) => ({ ...current, [part]: isVersionInfo(json) ? json : null })),
        )
        .catch(() => {
          if (!controller.signal.aborted) setVersions((current) => ({ ...current, [part]: null }));
        });
    }
    return () => controller.abort();
  }, [config]);

  const formatDate = (date: string) => {
    const parsed = new Date(date);
    return Number.isNaN(parsed.getTime()) ? date : parsed.toLocaleString(i18n.language);
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.content}>
          <Dialog.Title className={styles.title}>{t('about.title')}</Dialog.Title>
          <Dialog.Description className={styles.description}>
            {t('about.description', { product: title })}
          </Dialog.Description>
          {config.showVersionOverride && (
            <p className={styles.hint}>
              <span className={styles.override}>{VERSION_OVERRIDE_LABEL}</span>{' '}
              {t('about.override', { version: VERSION_OVERRIDE_LABEL })}
            </p>
          )}
          <dl className={styles.versions}>
            {(['services', 'legacyUi', 'newUi'] as const).map((part) => {
              const info = versions[part];
              return (
                <div key={part} style={{ display: 'contents' }}>
                  <dt>{t(`about.${part}`)}</dt>
                  <dd data-testid={`version-${part}`}>
                    {info === undefined
                      ? t('app.loading')
                      : info === null
                        ? t('about.unavailable')
                        : `${info.displayVersion} · ${t('about.commit', { commit: info.commit })} · ${t('about.builtOn', { date: formatDate(info.date) })}`}
                  </dd>
                </div>
              );
            })}
          </dl>
          <div className={styles.actions}>
            <Dialog.Close className={styles.secondary}>{t('about.close')}</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
