// In French and Spanish: a tenant's vocabulary (group fields vizixVocabularyLabel*,
// a language → label map; Acme calls things "Actifs" / "Activos", users "Personnel" / "Personal")
// names its concepts everywhere — module tabs, the sidebar, the palette's search, the page title,
// the frame's headings, columns, dialog titles (singular) and toasts — and the Tenants module is
// translated (Locataires / Inquilinos, the terms Microsoft's French and Spanish consoles use).
import { expect as baseExpect, test } from '@playwright/test';
import { NEW_ACCOUNT_PASSWORD, createAcmeAccount, signIn } from './helpers.ts';

// a sign-in, the frame and a save on a shared two-core machine
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });
test.use({
  serviceWorkers: 'block',
  // wide enough for every module tab and Acme's two application tabs to stand in the bar in the
  // longer languages (at 1440 px Spanish and French fold them into the Modules menu)
  viewport: { width: 1920, height: 1080 },
});

interface Vocabulary {
  language: 'fr' | 'es';
  modules: string;
  sidebar: string;
  palette: string;
  things: string;
  thingTypes: string;
  model: string;
  readers: string;
  tenants: string;
  users: string;
  sites: string;
  /** The built-in name of users, which the palette still finds them by. */
  usersBuiltIn: string;
  thingTypeColumn: string;
  zoneColumn: string;
  editTitle: string;
  saved: (name: string) => string;
  /** The built-in words the tenant replaced, and the English "Tenants": never shown. */
  never: RegExp;
}

const LANGUAGES: Vocabulary[] = [
  {
    language: 'fr',
    modules: 'Modules',
    sidebar: 'Barre latérale',
    palette: 'Aller à la page',
    things: 'Actifs',
    thingTypes: "Types d'actif",
    model: 'Modèle',
    readers: 'Lecteurs',
    tenants: 'Locataires',
    users: 'Personnel',
    sites: 'Sites',
    usersBuiltIn: 'utilisateur',
    thingTypeColumn: "Type d'actif",
    zoneColumn: 'Zone',
    editTitle: 'Actif : modification',
    saved: (name) => `Actif ${name} : modifications enregistrées.`,
    never: /\bObjets?\b|Type d'objet|Utilisateurs|Groupes\b|Lecteurs logiques|Tenants/,
  },
  {
    language: 'es',
    modules: 'Módulos',
    sidebar: 'Barra lateral',
    palette: 'Ir a la página',
    things: 'Activos',
    thingTypes: 'Tipos de activo',
    model: 'Modelo',
    readers: 'Lectores',
    tenants: 'Inquilinos',
    users: 'Personal',
    sites: 'Sitios',
    usersBuiltIn: 'usuario',
    thingTypeColumn: 'Tipo de activo',
    zoneColumn: 'Área',
    editTitle: 'Editar activo',
    saved: (name) => `Activo ${name}: cambios guardados.`,
    never: /\bCosas?\b|Tipo de cosa|Usuarios|Grupos\b|Zonas?\b|Lectores lógicos|Tenants/,
  },
];

for (const words of LANGUAGES) {
  test(`item 3 (${words.language}): the tenant's words in tabs, sidebar, palette, page title, headings, columns, dialog titles and toasts; Tenants is translated`, async ({
    page,
  }) => {
    const username = await createAcmeAccount(page.request, {
      prefix: `vocabulary-${words.language}`,
      language: words.language,
    });
    await signIn(page, username, NEW_ACCOUNT_PASSWORD);
    await expect(page.locator('html')).toHaveAttribute('lang', words.language);
    const modules = page.getByRole('navigation', { name: words.modules });
    const sidebar = page.getByRole('navigation', { name: words.sidebar });
    // (the frame's title is translated too)
    const frame = page.frameLocator('main iframe');

    // the module tabs
    await expect(modules.getByRole('link', { name: words.things, exact: true })).toBeVisible();
    await expect(modules.getByRole('link', { name: words.tenants, exact: true })).toBeVisible();

    // the things module: sidebar, page title, the frame's heading and columns
    await page.goto('/#/app/things/thing');
    await expect(sidebar.getByRole('link', { name: words.things, exact: true })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: words.thingTypes, exact: true })).toBeVisible();
    await expect(page).toHaveTitle(`${words.things} · Acme Track`);
    await expect(frame.getByRole('heading', { level: 1, name: words.things })).toBeVisible();
    await expect(
      frame.getByRole('columnheader', { name: new RegExp(`^${words.thingTypeColumn}`) }),
    ).toBeVisible();
    await expect(
      frame.getByRole('columnheader', { name: new RegExp(`^${words.zoneColumn}`) }),
    ).toBeVisible();
    await expect(frame.getByRole('table').getByRole('link').first()).toBeVisible();
    expect(await page.locator('body').innerText()).not.toMatch(words.never);
    expect(await frame.locator('body').innerText()).not.toMatch(words.never);

    // a record: the dialog's title names one of them, and so does the toast
    const link = frame.getByRole('table').getByRole('link').first();
    const name = (await link.innerText()).trim();
    await link.click();
    const dialog = frame.getByRole('dialog', { name: words.editTitle });
    await expect(dialog).toBeVisible();
    await expect(
      dialog.getByRole('combobox', { name: new RegExp(`^${words.thingTypeColumn}`) }),
    ).toBeVisible();
    expect(await dialog.innerText()).not.toMatch(words.never);
    await dialog.getByRole('textbox').first().fill(name);
    await dialog.getByRole('button', { name: /^(Enregistrer|Guardar)$/ }).click();
    await expect(
      page.locator('.Toastify__toast').filter({ hasText: words.saved(name) }),
    ).toBeVisible();
    await expect(dialog).toBeHidden();

    // the Tenants module: its sidebar uses the tenant's words
    await modules.getByRole('link', { name: words.tenants, exact: true }).click();
    await expect(sidebar.getByRole('link', { name: words.users, exact: true })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: words.sites, exact: true })).toBeVisible();
    expect(await sidebar.innerText()).not.toMatch(words.never);

    // the palette finds the renamed pages by the tenant's word and by the built-in one
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: words.palette });
    const input = palette.getByRole('combobox');
    await input.fill(words.usersBuiltIn);
    await expect(
      palette.getByRole('option', { name: `${words.users}, ${words.tenants}` }),
    ).toBeVisible();
    await input.fill(words.users.toLowerCase());
    await expect(
      palette.getByRole('option', { name: `${words.users}, ${words.tenants}` }),
    ).toBeVisible();
    await input.fill(words.readers.slice(0, 6));
    await expect(
      palette.getByRole('option', { name: `${words.readers}, ${words.model}` }),
    ).toBeVisible();
    expect(await palette.innerText()).not.toMatch(words.never);
  });
}
