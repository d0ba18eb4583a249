// Device profiles as a tenant administrator keeps them: a reader profile whose settings are refused
// with the problem at its JSON pointer, fixed and saved; given to a logical reader from the reader's
// form; the reader then listed, as a link, on the profile's page. At 1440 px in English and 390 px in
// Spanish, axe on every screen.
import { test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { administratorAt, API, apiLogin, chooseReference, longTaskSpec } from './helpers.ts';
import { expectNoFrameAxeViolations, expectNoHorizontalOverflow } from './shell-helpers.ts';

const expect = longTaskSpec();

const WORDS = {
  en: {
    width: 1440,
    profiles: 'Device profiles',
    new: 'New',
    save: 'Save',
    name: /^Name/,
    kind: /^Device kind/,
    settings: /^Settings/,
    tooHigh: '/txPowerDbm must be at most 33',
    profile: /^Device profile/,
    devices: 'Devices using this profile',
    readers: /^Readers \(1\)$/,
  },
  es: {
    width: 390,
    profiles: 'Perfiles de dispositivo',
    new: 'Nuevo',
    save: 'Guardar',
    name: /^Nombre/,
    kind: /^Tipo de dispositivo/,
    settings: /^Ajustes/,
    tooHigh: '/txPowerDbm debe ser como máximo 33',
    profile: /^Perfil de dispositivo/,
    devices: 'Dispositivos que usan este perfil',
    readers: /^Lectores \(1\)$/,
  },
} as const;

/** A logical reader of the tenant's own, named for this run: its id. */
async function logicalReader(request: APIRequestContext, name: string): Promise<number> {
  const created = await request.post(`${API}/logicalReader`, {
    headers: { token: await apiLogin(request, 'admin') },
    data: { name },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

for (const language of ['en', 'es'] as const) {
  const words = WORDS[language];
  const { width } = words;

  test(`a reader profile is fixed, saved, given to a reader and lists it (${language}, ${width} px)`, async ({
    page,
    request,
  }, testInfo) => {
    const suffix = `${width}-${Date.now()}`;
    const readerName = `Dock door ${suffix}`;
    const readerId = await logicalReader(request, readerName);
    const { frame, frameSelector } = await administratorAt(page, request, {
      language,
      width,
      prefix: 'devices',
    });

    // a reader profile: settings out of the reader schema's range, then fixed
    await page.goto('/#/app/tenants/devicesConfiguration');
    await expect(frame.getByRole('heading', { level: 1, name: words.profiles })).toBeVisible();
    await expectNoFrameAxeViolations(page, `device profiles (${language}): `, frameSelector);
    await frame.getByRole('link', { name: words.new }).click();
    const profileName = `Portal ${suffix}`;
    await frame.getByRole('textbox', { name: words.name }).fill(profileName);
    await frame.getByRole('combobox', { name: words.kind }).selectOption('reader');
    const settings = frame.getByRole('textbox', { name: words.settings });
    await settings.fill('{"txPowerDbm": 40, "antennas": [1, 2]}');
    await frame.getByRole('button', { name: words.save }).click();
    await expect(settings).toHaveAttribute('aria-invalid', 'true');
    await expect(frame.locator('.schema-problems li')).toHaveText([words.tooHigh]);
    await testInfo.attach(`profile schema error (${language})`, {
      body: await page.screenshot(),
      contentType: 'image/png',
    });
    await expectNoFrameAxeViolations(page, `profile errors (${language}): `, frameSelector);
    if (width === 390) await expectNoHorizontalOverflow(page);
    await settings.fill('{"txPowerDbm": 30, "antennas": [1, 2]}');
    await frame.getByRole('button', { name: words.save }).click();
    await expect(frame.getByRole('heading', { level: 1, name: words.profiles })).toBeVisible();
    await frame.getByRole('searchbox').fill(profileName);
    await expect(frame.getByText(profileName)).toBeVisible();

    // given to the reader from the reader's own form
    await page.goto(`/#/app/model/logicalReader/${readerId}`);
    const form = frame.getByRole('dialog');
    await chooseReference(
      form.getByRole('combobox', { name: words.profile }),
      profileName,
      profileName,
    );
    await expectNoFrameAxeViolations(page, `reader form (${language}): `, frameSelector);
    await form.getByRole('button', { name: words.save }).click();
    await expect(form).toBeHidden();

    // the profile's page lists the reader, as a link to it
    const token = await apiLogin(request, 'admin');
    const found = await request.get(
      `${API}/deviceProfile?filter=${encodeURIComponent(profileName)}`,
      { headers: { token } },
    );
    const { results } = (await found.json()) as {
      results: Array<{ id: number; settings: Record<string, unknown> }>;
    };
    expect(results).toHaveLength(1);
    expect(results[0]!.settings).toEqual({ txPowerDbm: 30, antennas: [1, 2] });
    await page.goto(`/#/app/tenants/devicesConfiguration/${results[0]!.id}`);
    await expect(frame.getByRole('heading', { level: 2, name: words.devices })).toBeVisible();
    const readers = frame.getByRole('table', { name: words.readers });
    const link = readers.getByRole('link', { name: readerName });
    await expect(link).toBeVisible();
    await testInfo.attach(`profile page (${language})`, {
      body: await page.screenshot(),
      contentType: 'image/png',
    });
    await expectNoFrameAxeViolations(page, `profile page (${language}): `, frameSelector);
    if (width === 390) await expectNoHorizontalOverflow(page);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/app/model/logicalReader/${readerId}$`));
  });
}
