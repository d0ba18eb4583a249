// Thing attributes as a tenant administrator keeps them: an attribute added to a thing type on
// Tenants → attributes, then a thing of that type opened, its new input found, a bad value refused
// with the message on the field, a good one saved and seen again after a reload. At 1440 px in
// English and 390 px in French, axe on every screen.
import { test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { administratorAt, API, apiCreate, apiLogin, longTaskSpec } from './helpers.ts';
import { expectNoFrameAxeViolations, expectNoHorizontalOverflow } from './shell-helpers.ts';

const expect = longTaskSpec();

const WORDS = {
  en: {
    width: 1440,
    title: 'Rules attributes',
    add: 'Add attribute',
    dialog: 'New attribute',
    code: /^Code/,
    label: 'Label (English)',
    labelText: 'Depth',
    dataType: 'Data type',
    maximum: 'Maximum',
    save: 'Save',
    saved: 'Attribute Depth saved.',
    notNumber: 'Enter a number.',
    tooHigh: 'Enter 100 or less.',
  },
  fr: {
    width: 390,
    title: 'Attributs des règles',
    add: 'Ajouter un attribut',
    dialog: 'Nouvel attribut',
    code: /^Code/,
    label: 'Libellé (français)',
    labelText: 'Profondeur',
    dataType: 'Type de donnée',
    maximum: 'Valeur maximale',
    save: 'Enregistrer',
    saved: 'Attribut Profondeur enregistré.',
    notNumber: 'Saisissez un nombre.',
    tooHigh: 'Saisissez 100 ou moins.',
  },
} as const;

/** A thing type of this run and a thing of it: their ids and the type's name. */
async function typeWithThing(request: APIRequestContext, suffix: string) {
  const token = await apiLogin(request, 'admin');
  const typeName = `Crate ${suffix}`;
  const type = await apiCreate(request, token, '/thingType', {
    name: typeName,
    code: `crate-${suffix}`,
  });
  const thing = await apiCreate(request, token, '/thing', {
    name: `Crate one ${suffix}`,
    serial: `CR-${suffix}`,
    thingTypeId: type.id,
  });
  return { typeName, thingId: thing.id };
}

for (const language of ['en', 'fr'] as const) {
  const words = WORDS[language];
  const { width } = words;

  test(`an attribute is added to a thing type and filled in on a thing (${language}, ${width} px)`, async ({
    page,
    request,
  }, testInfo) => {
    const suffix = `${width}-${Date.now()}`;
    const { typeName, thingId } = await typeWithThing(request, suffix);
    const { frame, frameSelector } = await administratorAt(page, request, {
      language,
      width,
      prefix: 'attributes',
    });

    // the attribute: a number up to 100, labelled in the user's language
    // the frame follows the address once the shell is ready (again after a reload if it was not)
    let attempt = 0;
    await expect(async () => {
      if (attempt++ === 0) await page.goto('/#/app/tenants/rulesAttributes');
      else await page.reload();
      await expect(frame.getByRole('heading', { level: 1, name: words.title })).toBeVisible({
        timeout: 15_000,
      });
    }).toPass({ timeout: 90_000 });
    await frame.getByRole('combobox').first().selectOption({ label: typeName });
    await expect(frame.getByRole('button', { name: words.add })).toBeEnabled();
    await expectNoFrameAxeViolations(page, `attributes page (${language}): `, frameSelector);
    await frame.getByRole('button', { name: words.add }).click();
    const dialog = frame.getByRole('dialog', { name: words.dialog });
    await dialog.getByRole('textbox', { name: words.code }).fill('depth');
    await dialog.getByRole('textbox', { name: words.label }).fill(words.labelText);
    await dialog.getByRole('combobox', { name: words.dataType }).selectOption('NUMBER');
    await dialog.getByRole('textbox', { name: words.maximum }).fill('100');
    await expectNoFrameAxeViolations(page, `attribute dialog (${language}): `, frameSelector);
    if (width === 390) await expectNoHorizontalOverflow(page);
    await dialog.getByRole('button', { name: words.save }).click();
    await expect(dialog).toBeHidden();
    await expect(frame.getByRole('status')).toHaveText(words.saved);
    await expect(frame.getByRole('cell', { name: 'depth', exact: true })).toBeVisible();
    await testInfo.attach(`attributes page (${language})`, {
      body: await page.screenshot(),
      contentType: 'image/png',
    });
    await expectNoFrameAxeViolations(page, `attributes list (${language}): `, frameSelector);
    if (width === 390) await expectNoHorizontalOverflow(page);

    // the thing's form asks for it: a bad value is refused on the field, a good one saved
    await page.goto(`/#/app/things/thing/${thingId}`);
    const form = frame.getByRole('dialog');
    const depth = form.getByRole('textbox', { name: words.labelText, exact: true });
    await expect(depth).toBeVisible();
    await depth.fill('deep');
    await form.getByRole('button', { name: words.save }).click();
    await expect(depth).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText(words.notNumber)).toBeVisible();
    await depth.fill('250');
    await form.getByRole('button', { name: words.save }).click();
    await expect(form.getByText(words.tooHigh)).toBeVisible();
    await testInfo.attach(`thing form refusal (${language})`, {
      body: await page.screenshot(),
      contentType: 'image/png',
    });
    await expectNoFrameAxeViolations(page, `thing form errors (${language}): `, frameSelector);
    if (width === 390) await expectNoHorizontalOverflow(page);
    await depth.fill('42.5');
    await form.getByRole('button', { name: words.save }).click();
    await expect(form).toBeHidden();

    // stored, and shown again after a reload
    const token = await apiLogin(request, 'admin');
    const stored = await request.get(`${API}/thing/${thingId}`, { headers: { token } });
    expect(((await stored.json()) as { udfs: unknown }).udfs).toEqual({ depth: 42.5 });
    await page.goto(`/#/app/things/thing/${thingId}`);
    await page.reload();
    await expect(
      frame.getByRole('dialog').getByRole('textbox', { name: words.labelText, exact: true }),
    ).toHaveValue('42.5');
    await expectNoFrameAxeViolations(page, `thing form (${language}): `, frameSelector);
  });
}
