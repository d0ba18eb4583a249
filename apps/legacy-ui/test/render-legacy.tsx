import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { createPermissionSet } from '@portico/core';
import type { ApiClient } from '../src/api-client.ts';
import { translator } from '../src/i18n.ts';
import { LegacyContext } from '../src/legacy-context.tsx';
import type { LegacyContextValue } from '../src/legacy-context.tsx';
import { createLabelling } from '../src/labelling.ts';

export function renderWithLegacy(
  ui: ReactElement,
  options: {
    api: ApiClient;
    permissions: string[];
    language?: string;
    groupFields?: Record<string, unknown>;
    navigate?: LegacyContextValue['navigate'];
    unsaved?: LegacyContextValue['unsaved'];
  },
) {
  const language = options.language ?? 'en';
  const t = translator(language);
  const groupFields = options.groupFields ?? {};
  const value: LegacyContextValue = {
    ...createLabelling(t, language, groupFields),
    consoleHref: (location) => `http://console.test/#/app${location}`,
    api: options.api,
    t,
    language,
    permissions: createPermissionSet(options.permissions),
    preferences: { timeZone: 'UTC', dateFormat: 'YYYY-MM-DD', calendarFormat: '24h' },
    groupFields,
    user: { firstName: 'Ada', lastName: 'Admin', username: 'admin', groupId: 2 },
    navigate: options.navigate ?? vi.fn(),
    setModalOpen: vi.fn(),
    done: vi.fn(),
    navigateShell: vi.fn(),
    openAbout: vi.fn(),
    sidebar: vi.fn(),
    ...(options.unsaved ? { unsaved: options.unsaved } : {}),
    groupConfigChanged: vi.fn(),
  };
  return {
    ...render(<LegacyContext.Provider value={value}>{ui}</LegacyContext.Provider>),
    context: value,
  };
}
