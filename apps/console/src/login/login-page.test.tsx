import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError, errorFromResponse } from '../api/api-errors.ts';
import { i18n, initI18n } from '../i18n/i18n.ts';
import { LoginPage, type LoginPageProps } from './login-page.tsx';

beforeAll(async () => {
  await initI18n('en');
});

/** The page with English text; `props` adds to or replaces the defaults. */
function renderLogin(
  onSignIn: LoginPageProps['onSignIn'] = async () => {},
  props: Partial<LoginPageProps> = {},
) {
  const user = userEvent.setup();
  const { unmount } = render(
    <LoginPage
      onSignIn={onSignIn}
      platformTitle="Portico"
      t={(key, options) => i18n.t(key, options)}
      {...props}
    />,
  );
  return {
    user,
    unmount,
    username: screen.getByRole('textbox', { name: 'Username' }),
    password: screen.getByLabelText('Password'),
    submit: screen.getByRole('button', { name: 'Sign in' }),
  };
}

describe('the sign-in form', () => {
  it('flags empty fields before any call and focuses the first one', async () => {
    const onSignIn = vi.fn(async () => {});
    const { user, username, submit } = renderLogin(onSignIn);
    await user.click(submit);
    expect(onSignIn).not.toHaveBeenCalled();
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveAccessibleDescription('Enter your username.');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter your password.');
    expect(username).toHaveFocus();
  });

  it('signs in with the trimmed username and the password', async () => {
    const onSignIn = vi.fn(async () => {});
    const { user, username, password, submit } = renderLogin(onSignIn);
    await user.type(username, '  admin ');
    await user.type(password, 'demo');
    await user.click(submit);
    expect(onSignIn).toHaveBeenCalledWith('admin', 'demo');
  });

  it('marks the button busy while signing in and ignores a second submit', async () => {
    let finish: () => void = () => {};
    const onSignIn = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { user, username, password, submit } = renderLogin(onSignIn);
    await user.type(username, 'admin');
    await user.type(password, 'demo');
    await user.click(submit);
    expect(submit).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Signing in…');
    await user.click(submit);
    expect(onSignIn).toHaveBeenCalledTimes(1);
    finish();
    await vi.waitFor(() => expect(submit).toHaveAttribute('aria-busy', 'false'));
  });

  it('a wrong password shows an alert and keeps what was typed', async () => {
    const { user, username, password, submit } = renderLogin(async () => {
      throw new ApiError('UNAUTHORIZED', 401, 'Not Authenticated, Access Denied');
    });
    await user.type(username, 'operator');
    await user.type(password, 'nope');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong username or password.');
    expect(username).toHaveValue('operator');
    expect(password).toHaveValue('nope');
  });

  it('unreachable services read differently from a wrong password', async () => {
    const { user, username, password, submit } = renderLogin(async () => {
      throw new NetworkError('down');
    });
    await user.type(username, 'admin');
    await user.type(password, 'demo');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The services cannot be reached. Check your connection and try again.',
    );
  });

  it('throttling says when to try again', async () => {
    const { user, username, password, submit } = renderLogin(async () => {
      throw new ApiError('TOO_MANY_REQUESTS', 429, 'Too many attempts', {}, 90);
    });
    await user.type(username, 'admin');
    await user.type(password, 'x');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again in 90 seconds.');
  });

  it('a 429 counts down live with the button disabled, then lets the user try again', async () => {
    // the countdown's clock and tick are the test's: on a loaded machine two real seconds could
    // pass before the first check (user events and findBy keep their real timeouts)
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      const onSignIn = vi.fn(async () => {
        throw new ApiError('TOO_MANY_REQUESTS', 429, 'Too many sign-in attempts', {}, 2);
      });
      const { user, username, password, submit } = renderLogin(onSignIn);
      await user.type(username, 'admin');
      await user.type(password, 'x');
      await user.click(submit);
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Too many sign-in attempts. Try again in 2 seconds.');
      expect(submit).toBeDisabled();
      act(() => {
        vi.advanceTimersByTime(1000);
      });
      expect(alert).toHaveTextContent('Try again in 1 seconds.');
      expect(submit).toBeDisabled();
      act(() => {
        vi.advanceTimersByTime(1000);
      });
      expect(alert).toHaveTextContent('You can sign in again now.');
      expect(submit).toBeEnabled();
      await user.click(submit);
      expect(onSignIn).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a failure that is not a known case reads as a sentence, never the raw message', async () => {
    const { user, username, password, submit } = renderLogin(async () => {
      throw new ApiError('SERVER_ERROR', 500, 'Internal Server Error');
    });
    await user.type(username, 'admin');
    await user.type(password, 'x');
    await user.click(submit);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Sign-in failed. Try again in a moment; if it keeps failing, contact your administrator.',
    );
    expect(alert).not.toHaveTextContent('Internal Server Error');
  });

  it('an expired password (403, code PASSWORD_EXPIRED, as the services answer) says so and whom to ask', async () => {
    const { user, username, password, submit } = renderLogin(async () => {
      throw errorFromResponse(
        403,
        {
          error: 'Your password has expired: ask an administrator to set a new one',
          code: 'PASSWORD_EXPIRED',
        },
        null,
      );
    });
    await user.type(username, 'admin');
    await user.type(password, 'x');
    await user.click(submit);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Your password has expired. Ask an administrator to set a new one.',
    );
  });

  it('shows "Sign in with SSO" only when configured; a click starts the sign-in with its state', async () => {
    const onSsoSignIn = vi.fn();
    const { user, unmount } = renderLogin(undefined, {
      ssoUrl: '/demo-idp/authorize',
      onSsoSignIn,
    });
    const link = screen.getByRole('link', { name: 'Sign in with SSO' });
    expect(link).toHaveAttribute('href', '/demo-idp/authorize');
    // the form's own button keeps its exact name
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    await user.click(link);
    expect(onSsoSignIn).toHaveBeenCalledTimes(1);
    unmount();
    renderLogin();
    expect(screen.queryByRole('link', { name: 'Sign in with SSO' })).not.toBeInTheDocument();
  });

  it('shows "Forgot password?" only when configured', () => {
    const { unmount } = renderLogin(undefined, {
      forgotPasswordUrl: 'https://id.example.com/reset',
    });
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      'https://id.example.com/reset',
    );
    unmount();
    renderLogin();
    expect(screen.queryByRole('link', { name: 'Forgot password?' })).not.toBeInTheDocument();
  });

  it('tells the user when the previous session expired', () => {
    renderLogin(undefined, { sessionExpired: true });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your session has expired. Please sign in again.',
    );
  });
});
