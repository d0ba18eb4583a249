import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, setLanguage } from '../i18n/i18n.ts';
import { notify } from '../lib/notifications.ts';
import ToastHost from './toast-host.tsx';

beforeAll(async () => {
  await initI18n('en');
});

describe('the toast area speaks the user’s language', () => {
  it.each([
    ['fr', 'Fermer la notification'],
    ['es', 'Cerrar la notificación'],
    ['en', 'Close the notification'],
  ])(
    '%s: the close button is “%s”, and no English timer label is left',
    async (language, close) => {
      await setLanguage(language);
      const { container, unmount } = render(
        <I18nextProvider i18n={i18n}>
          <ToastHost />
        </I18nextProvider>,
      );
      act(() => notify('success', `Saved (${language})`));
      const button = await screen.findByRole('button', { name: close });
      expect(container.querySelector('[aria-label="notification timer"]')).toBeNull();
      expect(container.querySelector('[aria-label="close"]')).toBeNull();
      expect(button).toBeEnabled();
      unmount();
    },
  );
});
