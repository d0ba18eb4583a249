// Reports that run: an administrator builds a report — takes a column out, filters out
// the retired things, groups by status — saves and runs it; the run's counts are what the thing
// list shows for each status, its total their sum; the CSV downloads the same groups; the list of
// reports runs it again from its row. At 1440 px in English and 390 px in Spanish, axe on each screen.
import { readFile } from 'node:fs/promises';
import { test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { administratorAt, API, apiLogin, longTaskSpec } from './helpers.ts';
import { expectNoFrameAxeViolations, expectNoHorizontalOverflow } from './shell-helpers.ts';

const expect = longTaskSpec();

const WORDS = {
  en: {
    width: 1440,
    newReport: 'New report',
    name: /^Name/,
    removeSerial: 'Remove the column Serial',
    addFilter: 'Add filter',
    field: 'Field of filter 1',
    operator: 'Operator of filter 1',
    value: 'Value of filter 1',
    status: 'Status',
    notEqual: 'does not equal',
    retired: 'Retired',
    groupBy: 'Group by',
    saveAndRun: 'Save and run',
    count: 'Count',
    totals: (rows: string, groups: string) => `${rows} rows, ${groups} different values`,
    download: 'Download CSV',
    edit: 'Edit report',
    labels: { active: 'Active', maintenance: 'In maintenance', lost: 'Lost' } as Record<
      string,
      string
    >,
    run: (name: string) => `Run ${name}`,
  },
  es: {
    width: 390,
    newReport: 'Nuevo informe',
    name: /^Nombre/,
    removeSerial: 'Quitar la columna Número de serie',
    addFilter: 'Añadir filtro',
    field: 'Campo del filtro 1',
    operator: 'Operador del filtro 1',
    value: 'Valor del filtro 1',
    status: 'Estado',
    notEqual: 'es distinto de',
    retired: 'Retirado',
    groupBy: 'Agrupar por',
    saveAndRun: 'Guardar y ejecutar',
    count: 'Cantidad',
    totals: (rows: string, groups: string) => `${rows} filas, ${groups} valores distintos`,
    download: 'Descargar CSV',
    edit: 'Editar informe',
    labels: { active: 'Activo', maintenance: 'En mantenimiento', lost: 'Perdido' } as Record<
      string,
      string
    >,
    run: (name: string) => `Ejecutar ${name}`,
  },
} as const;

/** What the thing list shows for each status but retired (the administrator's own list). */
async function listedByStatus(request: APIRequestContext): Promise<Map<string, number>> {
  const headers = { token: await apiLogin(request, 'admin') };
  const counts = new Map<string, number>();
  for (const status of ['active', 'maintenance', 'lost']) {
    const answer = await request.get(`${API}/thing?status=${status}&pageSize=1`, { headers });
    expect(answer.status()).toBe(200);
    const { total } = (await answer.json()) as { total: number };
    if (total > 0) counts.set(status, total);
  }
  return counts;
}

for (const language of ['en', 'es'] as const) {
  const words = WORDS[language];
  const { width } = words;

  test(`a report is built, saved and run; its counts are the list's (${language}, ${width} px)`, async ({
    page,
    request,
  }, testInfo) => {
    const { frame, frameSelector } = await administratorAt(page, request, {
      language,
      width,
      prefix: 'reports',
    });
    const reportName = `Things by status ${width}-${Date.now()}`;

    // the builder
    await page.goto('/#/app/analytics/report/create');
    await expect(frame.getByRole('heading', { level: 1, name: words.newReport })).toBeVisible();
    await expectNoFrameAxeViolations(page, `report builder (${language}): `, frameSelector);
    await frame.getByRole('textbox', { name: words.name }).fill(reportName);
    const columns = frame.getByRole('group', { name: language === 'en' ? 'Columns' : 'Columnas' });
    const before = await columns.getByRole('listitem').count();
    await frame.getByRole('button', { name: words.removeSerial }).click();
    await expect(columns.getByRole('listitem')).toHaveCount(before - 1);
    await frame.getByRole('button', { name: words.addFilter }).click();
    await frame.getByRole('combobox', { name: words.field }).selectOption({ label: words.status });
    await frame
      .getByRole('combobox', { name: words.operator })
      .selectOption({ label: words.notEqual });
    await frame.getByRole('combobox', { name: words.value }).selectOption({ label: words.retired });
    await frame
      .getByRole('combobox', { name: words.groupBy })
      .selectOption({ label: words.status });
    await expectNoFrameAxeViolations(page, `report builder filled (${language}): `, frameSelector);
    if (width === 390) await expectNoHorizontalOverflow(page);
    await frame.getByRole('button', { name: words.saveAndRun }).click();

    // the run: one row per status but retired, each with the list's count
    await expect(page).toHaveURL(/\/app\/analytics\/report\/execution\/\d+$/);
    const reportId = Number(/execution\/(\d+)$/.exec(page.url())?.[1]);
    await expect(frame.getByRole('heading', { level: 1, name: reportName })).toBeVisible();
    const table = frame.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText([words.status, words.count]);
    const listed = await listedByStatus(request);
    const number = new Intl.NumberFormat(language);
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(listed.size);
    for (const [status, count] of listed) {
      const row = rows.filter({ has: frame.locator(`.badge-${status}`) });
      await expect(row.locator('td').first()).toHaveText(words.labels[status]!);
      await expect(row.locator('td').last()).toHaveText(number.format(count));
    }
    const sum = [...listed.values()].reduce((a, b) => a + b, 0);
    await expect(frame.getByRole('status')).toHaveText(
      words.totals(number.format(sum), number.format(listed.size)),
    );
    await testInfo.attach(`report run (${language})`, {
      body: await page.screenshot(),
      contentType: 'image/png',
    });
    await expectNoFrameAxeViolations(page, `report run (${language}): `, frameSelector);
    if (width === 390) await expectNoHorizontalOverflow(page);

    // the CSV holds the same groups
    const downloading = page.waitForEvent('download');
    await frame.getByRole('button', { name: words.download }).click();
    const download = await downloading;
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('status,count');
    expect(
      new Map(lines.slice(1).map((line) => [line.split(',')[0], Number(line.split(',')[1])])),
    ).toEqual(listed);

    // back to the builder, and the report list runs it from its row
    await frame.getByRole('link', { name: words.edit }).click();
    await expect(page).toHaveURL(new RegExp(`/app/analytics/report/edit/${reportId}$`));
    await expect(frame.getByRole('textbox', { name: words.name })).toHaveValue(reportName);
    await page.goto('/#/app/analytics/report/list');
    await frame.getByRole('searchbox').fill(reportName);
    await frame.getByRole('link', { name: words.run(reportName) }).click();
    await expect(page).toHaveURL(new RegExp(`/app/analytics/report/execution/${reportId}$`));
    await expect(frame.getByRole('heading', { level: 1, name: reportName })).toBeVisible();
  });
}
