// The demo identity provider's one page (routes/demo-idp-routes.ts): a server-rendered sign-in form
// in the five languages of the console, no script at all, one stylesheet allowed by its hash. Every
// value written into the page is escaped.
import { createHash } from 'node:crypto';
import type { Language } from '@portico/core';

interface IdpMessages {
  title: string;
  heading: string;
  intro: string;
  username: string;
  password: string;
  submit: string;
  cancel: string;
  missing: string;
  invalidCredentials: string;
  throttled: string;
  passwordExpired: string;
  badRequest: string;
  formExpired: string;
  backToConsole: string;
}

const MESSAGES: Record<Language, IdpMessages> = {
  en: {
    title: 'Demo identity provider',
    heading: 'Sign in with SSO',
    intro:
      'This demo identity provider signs in the demo accounts of this server. Their password is printed by npm start.',
    username: 'Username',
    password: 'Password',
    submit: 'Sign in',
    cancel: 'Cancel',
    missing: 'Enter your username and password.',
    invalidCredentials: 'Invalid username or password.',
    throttled: 'Too many sign-in attempts. Try again in {seconds} seconds.',
    passwordExpired: 'Your password has expired. Ask an administrator to set a new one.',
    badRequest:
      'This sign-in link is not valid. Go back to the console and choose "Sign in with SSO" again.',
    formExpired: 'This form has expired. Please try again.',
    backToConsole: 'Back to the console',
  },
  es: {
    title: 'Proveedor de identidad de demostración',
    heading: 'Iniciar sesión con SSO',
    intro:
      'Este proveedor de identidad de demostración inicia la sesión de las cuentas de demostración de este servidor. npm start muestra su contraseña.',
    username: 'Nombre de usuario',
    password: 'Contraseña',
    submit: 'Iniciar sesión',
    cancel: 'Cancelar',
    missing: 'Introduzca su nombre de usuario y su contraseña.',
    invalidCredentials: 'Nombre de usuario o contraseña incorrectos.',
    throttled:
      'Demasiados intentos de inicio de sesión. Vuelva a intentarlo dentro de {seconds} segundos.',
    passwordExpired: 'Su contraseña ha caducado. Pida a un administrador que le asigne una nueva.',
    badRequest:
      'Este enlace de inicio de sesión no es válido. Vuelva a la consola y elija de nuevo «Iniciar sesión con SSO».',
    formExpired: 'Este formulario ha caducado. Vuelva a intentarlo.',
    backToConsole: 'Volver a la consola',
  },
  'pt-BR': {
    title: 'Provedor de identidade de demonstração',
    heading: 'Entrar com SSO',
    intro:
      'Este provedor de identidade de demonstração conecta as contas de demonstração deste servidor. A senha delas é exibida pelo npm start.',
    username: 'Nome de usuário',
    password: 'Senha',
    submit: 'Entrar',
    cancel: 'Cancelar',
    missing: 'Informe seu nome de usuário e sua senha.',
    invalidCredentials: 'Nome de usuário ou senha inválidos.',
    throttled: 'Muitas tentativas de login. Tente novamente em {seconds} segundos.',
    passwordExpired: 'Sua senha expirou. Peça a um administrador que defina uma nova.',
    badRequest:
      'Este link de login não é válido. Volte ao console e escolha "Entrar com SSO" novamente.',
    formExpired: 'Este formulário expirou. Tente novamente.',
    backToConsole: 'Voltar ao console',
  },
  fr: {
    title: "Fournisseur d'identité de démonstration",
    heading: 'Se connecter avec SSO',
    intro:
      "Ce fournisseur d'identité de démonstration connecte les comptes de démonstration de ce serveur. Leur mot de passe est affiché par npm start.",
    username: "Nom d'utilisateur",
    password: 'Mot de passe',
    submit: 'Se connecter',
    cancel: 'Annuler',
    missing: "Saisissez votre nom d'utilisateur et votre mot de passe.",
    invalidCredentials: "Nom d'utilisateur ou mot de passe incorrect.",
    throttled: 'Trop de tentatives de connexion. Réessayez dans {seconds} secondes.',
    passwordExpired:
      'Votre mot de passe a expiré. Demandez à un administrateur de vous en attribuer un nouveau.',
    badRequest:
      "Ce lien de connexion n'est pas valide. Revenez à la console et choisissez à nouveau « Se connecter avec SSO ».",
    formExpired: 'Ce formulaire a expiré. Veuillez réessayer.',
    backToConsole: 'Retour à la console',
  },
  it: {
    title: 'Provider di identità dimostrativo',
    heading: 'Accedi con SSO',
    intro:
      'Questo provider di identità dimostrativo fa accedere gli account dimostrativi di questo server. La loro password è mostrata da npm start.',
    username: 'Nome utente',
    password: 'Password',
    submit: 'Accedi',
    cancel: 'Annulla',
    missing: 'Inserisci nome utente e password.',
    invalidCredentials: 'Nome utente o password non validi.',
    throttled: 'Troppi tentativi di accesso. Riprova tra {seconds} secondi.',
    passwordExpired:
      "La tua password è scaduta. Chiedi a un amministratore d'impostarne una nuova.",
    badRequest:
      'Questo link di accesso non è valido. Torna alla console e scegli di nuovo "Accedi con SSO".',
    formExpired: 'Questo modulo è scaduto. Riprova.',
    backToConsole: 'Torna alla console',
  },
};

/** The message keys of the page (the same in every language: the type holds them together). */
export type IdpMessageKey = keyof IdpMessages;

/** One message of the page in `language`, `{seconds}` filled in. */
export function idpMessage(language: Language, key: IdpMessageKey, seconds?: number): string {
  return MESSAGES[language][key].replace('{seconds}', String(seconds ?? ''));
}

const STYLE = `
:root { color-scheme: light dark; font-family: system-ui, sans-serif; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: Canvas; color: CanvasText; }
main { width: min(26rem, calc(100vw - 2rem)); padding: 2rem; border: 1px solid GrayText; border-radius: 8px; }
h1 { margin: 0 0 0.5rem; font-size: 1.5rem; }
p { line-height: 1.4; }
label { display: block; margin: 1rem 0 0.25rem; font-weight: 600; }
input { box-sizing: border-box; width: 100%; padding: 0.5rem; font: inherit; }
.actions { display: flex; gap: 0.75rem; margin-top: 1.5rem; }
button { padding: 0.5rem 1rem; font: inherit; cursor: pointer; }
.alert { padding: 0.75rem; border: 2px solid #b3261e; border-radius: 6px; }
.alert:empty { display: none; }
`;

/** The Content-Security-Policy of the page: nothing but this stylesheet and a form posted here. */
export const DEMO_IDP_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function document(language: Language, body: string): string {
  const t = (key: IdpMessageKey) => escapeHtml(idpMessage(language, key));
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${t('title')}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/** What the sign-in form carries from the console's request to its own POST. */
export interface IdpFormState {
  language: Language;
  /** The console's state, echoed back untouched. */
  state: string;
  /** Where the console asked to be sent back (validated). */
  redirectUri: string;
  /** The form token bound to this browser's cookie (CSRF). */
  formToken: string;
  username?: string;
  /** A message for the alert above the form (already translated), or none. */
  error?: string;
}

/** The sign-in page: heading, the error (role="alert"), username, password, Sign in and Cancel. */
export function renderIdpForm(form: IdpFormState): string {
  const t = (key: IdpMessageKey) => escapeHtml(idpMessage(form.language, key));
  const hidden = (name: string, value: string) =>
    `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  return document(
    form.language,
    `<h1>${t('heading')}</h1>
<p>${t('intro')}</p>
<div role="alert" class="alert">${form.error ? escapeHtml(form.error) : ''}</div>
<form method="post" action="authorize">
${hidden('state', form.state)}
${hidden('redirect_uri', form.redirectUri)}
${hidden('ui_locales', form.language)}
${hidden('form_token', form.formToken)}
<label for="username">${t('username')}</label>
<input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required value="${escapeHtml(form.username ?? '')}"${form.username ? '' : ' autofocus'}>
<label for="password">${t('password')}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${form.username ? ' autofocus' : ''}>
<div class="actions">
<button type="submit" name="action" value="sign-in">${t('submit')}</button>
<button type="submit" name="action" value="cancel" formnovalidate>${t('cancel')}</button>
</div>
</form>`,
  );
}

/** A request the provider cannot serve (no valid state or return address): a message, no form. */
export function renderIdpError(language: Language, message: IdpMessageKey): string {
  return document(
    language,
    `<h1>${escapeHtml(idpMessage(language, 'heading'))}</h1>
<p role="alert">${escapeHtml(idpMessage(language, message))}</p>
<p><a href="/">${escapeHtml(idpMessage(language, 'backToConsole'))}</a></p>`,
  );
}
