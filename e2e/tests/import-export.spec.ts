// CSV import as a tenant administrator does it: a file of assets with one bad row is checked, the
// problem shown with its line and column, the file corrected and checked again, the job confirmed,
// its result shown, and the records found in the list — at 1440 px in English and 390 px in
// Spanish, axe on every screen.
import { expect as baseExpect, test } from '@playwright/test';
import type { FrameLocator, Page } from '@playwright/test';
import { NEW_ACCOUNT_PASSWORD, createAcmeAccount, signIn } from './helpers.ts';
import { expectNoFrameAxeViolations, expectNoHorizontalOverflow } from './shell-helpers.ts';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });
test.use({ serviceWorkers: 'block' });

interface Words {
  title: RegExp;
  file: string;
  check: string;
  problems: string;
  uploadAgain: string;
  wouldCreate: string;
  confirm: string;
  created: string;
  openList: string;
  listTitle: string;
}

const ENGLISH: Words = {
  title: /^Import \/ export$/,
  file: 'CSV file',
  check: 'Check the file',
  problems: 'Problems',
  uploadAgain: 'Upload a corrected file',
  wouldCreate: '2 records would be created',
  confirm: 'Import now',
  created: '2 records created',
  openList: 'Open the list of Assets',
  listTitle: 'Assets',
};

const SPANISH: Words = {
  title: /^(Importar \/ exportar|Importación \/ exportación)$/,
  file: 'Archivo CSV',
  check: 'Comprobar el archivo',
  problems: 'Problemas',
  uploadAgain: 'Subir un archivo corregido',
  wouldCreate: 'se crearían 2 registros',
  confirm: 'Importar ahora',
  created: '2 registros creados',
  openList: 'Abrir la lista de Activos',
  listTitle: 'Activos',
};

async function uploadFile(frame: FrameLocator, words: Words, name: string, csv: string) {
  await frame.getByRole('combobox').first().selectOption('thing');
  await frame.getByLabel(words.file).setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  await frame.getByRole('button', { name: words.check }).click();
}

async function importAssets(page: Page, words: Words, label: string) {
  // the frame's title is in the user's language
  const frame = page.frameLocator('main iframe');
  const prefix = `E2E-${label}-${Date.now()}`;
  await page.goto('/#/app/services/importExport');
  await expect(frame.getByRole('heading', { level: 1, name: words.title })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoFrameAxeViolations(page, `import, ${label}: `, 'main iframe');

  // a file with one bad row: a thing type code that does not exist
  const bad = `serial,name,thingType\r\n${prefix}-1,Imported one,pallet\r\n${prefix}-2,Imported two,palet\r\n`;
  await uploadFile(frame, words, 'assets.csv', bad);
  await expect(page).toHaveURL(/#\/app\/services\/importExport\/\d+$/);
  const problems = frame.getByRole('region', { name: words.problems });
  const row = problems.getByRole('row').filter({ hasText: 'no thingType with code palet' });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(0)).toHaveText('3');
  await expect(row.getByRole('cell').nth(1)).toHaveText('3 · thingType');
  await expectNoHorizontalOverflow(page);
  await expectNoFrameAxeViolations(page, `import problems, ${label}: `, 'main iframe');

  // corrected and checked again, then confirmed
  await frame.getByRole('link', { name: words.uploadAgain }).click();
  await expect(frame.getByRole('heading', { level: 1, name: words.title })).toBeVisible();
  await uploadFile(frame, words, 'assets-fixed.csv', bad.replace(',palet\r\n', ',pallet\r\n'));
  await expect(frame.getByRole('status')).toContainText(words.wouldCreate);
  await expectNoFrameAxeViolations(page, `import dry run, ${label}: `, 'main iframe');
  await frame.getByRole('button', { name: words.confirm }).click();
  await expect(frame.getByRole('status')).toContainText(words.created);
  await expectNoHorizontalOverflow(page);
  await expectNoFrameAxeViolations(page, `import done, ${label}: `, 'main iframe');

  // the records are in the list
  await frame.getByRole('link', { name: words.openList }).click();
  await expect(frame.getByRole('heading', { level: 1, name: words.listTitle })).toBeVisible();
  await page.goto(`/#/app/things/thing?q=${prefix}`);
  // until the filtered rows replace the whole list's, the other language's imported rows (same
  // names, another serial) may still show: wait for this file's rows alone
  await expect(frame.getByRole('link', { name: 'Imported one' })).toHaveCount(1);
  await expect(frame.getByRole('link', { name: 'Imported one' })).toBeVisible();
  await expect(frame.getByRole('link', { name: 'Imported two' })).toHaveCount(1);
}

test('an administrator imports assets after correcting a bad row (1440 px, English)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin');
  await importAssets(page, ENGLISH, 'en');
});

test('the same in Spanish on a phone (390 px)', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const username = await createAcmeAccount(request, { prefix: 'importa', language: 'es' });
  await signIn(page, username, NEW_ACCOUNT_PASSWORD);
  await importAssets(page, SPANISH, 'es');
});
