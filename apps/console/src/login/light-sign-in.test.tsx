import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { isBusy } from '../updates/busy-registry.ts';
import { LightSignIn, currentRoutePath } from './light-sign-in.tsx';

describe('the light sign-in entry', () => {
  it('holds back update reloads once the user starts typing, until it hands over', async () => {
    const onIntent = vi.fn();
    const user = userEvent.setup();
    const view = render(
      <LightSignIn onSignIn={async () => {}} onSignedInElsewhere={() => {}} onIntent={onIntent} />,
    );
    expect(isBusy()).toBe(false);
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'ad');
    expect(isBusy()).toBe(true);
    expect(onIntent).toHaveBeenCalled();
    view.unmount();
    expect(isBusy()).toBe(false);
  });

  it('remembers a link pasted into the tab (hash change only) and stays on the form: guard (a)', async () => {
    window.history.replaceState(null, '', '/#/login');
    localStorage.clear();
    sessionStorage.setItem('OAUTH_STATE', 'kept-while-the-tab-waits-for-its-provider');
    const view = render(<LightSignIn onSignIn={async () => {}} onSignedInElsewhere={() => {}} />);
    window.location.hash = '#/app/model/zone';
    await waitFor(() => expect(window.location.hash).toBe('#/login'));
    expect(localStorage.getItem('REDIRECT_URL')).toBe('/app/model/zone');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(sessionStorage.getItem('OAUTH_STATE')).not.toBeNull();
    // /app itself is never remembered (spec §2 guard (a)); the earlier link stays
    window.location.hash = '#/app';
    await waitFor(() => expect(window.location.hash).toBe('#/login'));
    expect(localStorage.getItem('REDIRECT_URL')).toBe('/app/model/zone');
    view.unmount();
    sessionStorage.clear();
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it("shows portico.config.json's links with the form (no jump when they arrive), or without them when the file is slow", async () => {
    const view = render(
      <LightSignIn
        onSignIn={async () => {}}
        onSignedInElsewhere={() => {}}
        forgotPasswordUrl={Promise.resolve(null)}
        ssoUrl={Promise.resolve('/demo-idp/authorize')}
      />,
    );
    const link = await screen.findByRole('link', { name: 'Sign in with SSO' });
    expect(link).toHaveAttribute('href', '/demo-idp/authorize');
    view.unmount();
    const never = new Promise<string | null>(() => undefined);
    render(
      <LightSignIn
        onSignIn={async () => {}}
        onSignedInElsewhere={() => {}}
        forgotPasswordUrl={never}
        ssoUrl={never}
      />,
    );
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in with SSO' })).not.toBeInTheDocument();
  });

  it('reads the route of a hash with a malformed escape without throwing', () => {
    window.history.replaceState(null, '', '/#/app/tenants/group/config/%E0%A4%A?x=1');
    expect(currentRoutePath()).toBe('/app/tenants/group/config/%E0%A4%A');
    window.history.replaceState(null, '', '/#/app/tenants/group/config/caf%C3%A9');
    expect(currentRoutePath()).toBe('/app/tenants/group/config/café');
    window.history.replaceState(null, '', '/');
  });
});
