import { startSsoSignIn } from '../router/oauth-return.ts';
import { LoginPage, type LoginPageProps } from './login-page.tsx';

export interface ConsoleLoginPageProps extends Omit<
  LoginPageProps,
  'platformTitle' | 'onSsoSignIn'
> {
  /** The page's language: the identity provider is asked to speak it too. */
  language: string;
}

/**
 * The console's sign-in page, the same on the light entry and inside the full app: the product's
 * title, and "Sign in with SSO" leaving for the identity provider from this tab.
 */
export function ConsoleLoginPage({ language, ...props }: ConsoleLoginPageProps) {
  const { ssoUrl } = props;
  return (
    <LoginPage
      {...props}
      platformTitle={props.t('app.productTitle')}
      onSsoSignIn={() => ssoUrl && startSsoSignIn(ssoUrl, language)}
    />
  );
}
