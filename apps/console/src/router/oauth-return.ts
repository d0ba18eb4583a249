// Spec §2 "OAuth return": $oauth_status and token cookies are read and cleared.
import Cookies from 'js-cookie';

export type OAuthReturn = { kind: 'none' } | { kind: 'token'; token: string } | { kind: 'no-token' };

export function readOAuthReturn(): OAuthReturn {
  const status = Cookies.get('$oauth_status');
  if (status === undefined) return { kind: 'none' };
  Cookies.remove('$oauth_status', { path: '/' });
  const token = Cookies.get('token');
  Cookies.remove('token', { path: '/' });
  return token ? { kind: 'token', token } : { kind: 'no-token' };
}
