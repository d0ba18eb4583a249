/** The days of the platform's weekly user shift: `mondayStart`, `mondayEnd`, … (UserService.getShifts). */
export const SHIFT_DAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
