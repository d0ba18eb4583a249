// A tenant's application tabs for the tests (as the demo seed's): not part of the public API.
import type { ApplicationTab } from './application-tabs.ts';

/** Tab 1 "Operations" (menus 1 and 2, reports 1 to 3), tab 2 "Compliance" (menu 7, report 9). */
export const APPLICATION_TABS_FIXTURE: readonly ApplicationTab[] = [
  {
    id: 1,
    order: 1,
    labels: { en: 'Operations', es: 'Operaciones', 'pt-BR': 'Operações' },
    menus: [
      { id: 1, labels: { en: 'Daily' }, reportIds: [1, 2] },
      { id: 2, labels: { en: 'Inventory' }, reportIds: [3] },
    ],
  },
  {
    id: 2,
    order: 2,
    labels: { en: 'Compliance' },
    menus: [{ id: 7, labels: { en: 'Audits' }, reportIds: [9] }],
  },
];
