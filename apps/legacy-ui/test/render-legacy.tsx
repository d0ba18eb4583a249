import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { createPermissionSet } from '@portico/core';
import type { ApiClient } from '../src/api-client.ts';
import { translator } from '../src/i18n.ts';
import { LegacyContext } from '../src/legacy-context.tsx';
import type { LegacyContextValue } from '../src/legacy-context.tsx';
import { vocabularyLabel } from '../src/vocabulary.ts';

export function renderWithLegacy(
  ui: ReactElement,
  options: { api: ApiClient; permissions: string[]; language?: string; groupFields?: Record<string, unknown> },
) {
  const language = options.language ?? 'en';
  const t = translator(language);
  const groupFields = options.groupFields ?? {};
  const conceptLabel: LegacyContextValue['conceptLabel'] = (concept, fallback) =>
    vocabularyLabel(groupFields, concept, language) ?? t(fallback);
  const value: LegacyContextValue = {
    api: options.api,
    t,
    language,
    permissions: createPermissionSet(options.permissions),
    preferences: { timeZone: 'UTC', dateFormat: 'YYYY-MM-DD', calendarFormat: '24h' },
    groupFields,
    user: { firstName: 'Ada', lastName: 'Admin', username: 'admin' },
    navigate: vi.fn(),
    setModalOpen: vi.fn(),
    done: vi.fn(),
    navigateShell: vi.fn(),
    openAbout: vi.fn(),
    sidebar: vi.fn(),
    resourceLabel: (resource) => conceptLabel(resource.concept, resource.label),
    conceptLabel,
  };
  return { ...render(<LegacyContext.Provider value={value}>{ui}</LegacyContext.Provider>), context: value };
}
