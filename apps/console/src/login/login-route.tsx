import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppServices } from '../lib/app-context.ts';
import { useAppSelector } from '../store/hooks.ts';
import { ConsoleLoginPage } from './console-login-page.tsx';

/**
 * The sign-in page inside the full app (after a sign-out or an expired session, in the same
 * document). Like the first sign-in page (main.tsx), it boots the legacy interface out of sight
 * on the user's first input, and checks it is still fresh at the sign-in.
 */
export function LoginRoute() {
  const { session, config, frame } = useAppServices();
  const navigate = useNavigate();
  const { t, i18n } = useTranslation();
  const expired = useAppSelector((state) => state.authn.expiredFlag);
  const booted = useRef(false);
  const handleIntent = useCallback(() => {
    if (booted.current) return;
    booted.current = true;
    frame.preboot();
  }, [frame]);

  async function handleSignIn(username: string, password: string) {
    frame.preboot();
    const target = await session.login(username, password);
    await navigate(target, { replace: true });
  }

  return (
    <div
      onFocusCapture={handleIntent}
      onPointerDownCapture={handleIntent}
      onKeyDownCapture={handleIntent}
    >
      <ConsoleLoginPage
        onSignIn={handleSignIn}
        sessionExpired={expired}
        t={t}
        language={i18n.language}
        forgotPasswordUrl={config.forgotPasswordUrl}
        ssoUrl={config.ssoUrl}
      />
    </div>
  );
}
