import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppServices } from '../lib/app-context.ts';
import { useAppSelector } from '../store/hooks.ts';
import { LoginPage } from './login-page.tsx';

export function LoginRoute() {
  const { session, config } = useAppServices();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const expired = useAppSelector((state) => state.authn.expiredFlag);

  async function handleSignIn(username: string, password: string) {
    const target = await session.login(username, password);
    await navigate(target, { replace: true });
  }

  return (
    <LoginPage
      onSignIn={handleSignIn}
      sessionExpired={expired}
      platformTitle={t('app.productTitle')}
      t={t}
      forgotPasswordUrl={config.forgotPasswordUrl}
    />
  );
}
