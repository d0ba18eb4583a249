// Webhooks and data retention as a tenant administrator uses them: an endpoint pointing at a
// receiver on this machine (the secret generated in the form), a test event, a subscription to
// zone creations, a zone created, the signed delivery arriving and listed in the endpoint's log; the
// retention policy set, a dry run, a confirmed purge — at 1440 and 390 px, axe on every screen.
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect as baseExpect, test } from '@playwright/test';
import { API, apiLogin, chooseReference, legacyFrame, signIn } from './helpers.ts';
import { expectNoFrameAxeViolations, expectNoHorizontalOverflow } from './shell-helpers.ts';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 240_000 });
test.use({ serviceWorkers: 'block' });

interface Delivery {
  /** The path it was sent to: each endpoint of these tests has its own. */
  path: string;
  event: string;
  body: Record<string, unknown>;
  raw: string;
  signature: string;
  timestamp: string;
}

let receiver: Server;
let port = 0;
const received: Delivery[] = [];

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        event: String(request.headers['x-portico-event']),
        body: JSON.parse(raw) as Record<string, unknown>,
        raw,
        signature: String(request.headers['x-portico-signature']),
        timestamp: String(request.headers['x-portico-timestamp']),
      });
      response.end('received');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  port = (receiver.address() as AddressInfo).port;
});
test.afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`an endpoint receives signed events the tenant subscribed to (${viewport.width} px)`, async ({
    page,
    request,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    await signIn(page, 'admin');
    const frame = legacyFrame(page);
    const endpointName = `Receiver ${viewport.width}`;

    // the endpoint, with a secret the form generates
    await page.goto('/#/app/services/endpoint');
    await expect(frame.getByRole('heading', { level: 1, name: 'Endpoints' })).toBeVisible();
    await frame.getByRole('link', { name: 'New' }).click();
    await frame.getByRole('textbox', { name: /^Name/ }).fill(endpointName);
    // a host this server does not allow is refused with the hosts it does
    await frame.getByRole('textbox', { name: /^URL/ }).fill('http://10.1.2.3/hook');
    await frame.getByRole('button', { name: 'Generate' }).click();
    const secret = await frame.getByRole('textbox', { name: /^Signing secret/ }).inputValue();
    expect(secret.length).toBeGreaterThanOrEqual(40);
    await frame.getByRole('button', { name: 'Save' }).click();
    await expect(
      frame.getByText('This server may only call these hosts: 127.0.0.1.'),
    ).toBeVisible();
    await frame
      .getByRole('textbox', { name: /^URL/ })
      .fill(`http://127.0.0.1:${port}/hook/${viewport.width}`);
    await frame.getByRole('button', { name: 'Save' }).click();
    await expect(frame.getByRole('heading', { level: 1, name: 'Endpoints' })).toBeVisible();

    // its page: send a test event
    await frame.getByRole('link', { name: endpointName }).click();
    const deliveries = frame.getByRole('region', { name: 'Deliveries' });
    await expect(deliveries.getByText('Nothing has been sent to this endpoint yet.')).toBeVisible();
    await deliveries.getByRole('button', { name: 'Send test event' }).click();
    await expect(deliveries.getByRole('status')).toHaveText('Test event sent. Delivered (200)');
    await expect(deliveries.getByRole('table')).toContainText('webhook.test');
    await testInfo.attach(`endpoint (${viewport.width})`, {
      body: await page.screenshot(),
      contentType: 'image/png',
    });
    await expectNoFrameAxeViolations(page, `endpoint page (${viewport.width}): `);
    if (viewport.width === 390) await expectNoHorizontalOverflow(page);

    // a subscription to zone creations
    await page.goto('/#/app/services/subscription');
    await expect(frame.getByRole('heading', { level: 1, name: 'Subscriptions' })).toBeVisible();
    await frame.getByRole('link', { name: 'New' }).click();
    const form = frame.getByRole('dialog');
    await form.getByRole('textbox', { name: /^Name/ }).fill(`Zones to ${viewport.width}`);
    await chooseReference(
      form.getByRole('combobox', { name: /^Endpoint/ }),
      endpointName,
      endpointName,
    );
    await form.getByRole('checkbox', { name: 'Areas: Created' }).check();
    await expectNoFrameAxeViolations(page, `subscription form (${viewport.width}): `);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();

    // a zone created: its event arrives, signed with the secret the form generated
    const token = await apiLogin(request, 'admin');
    const zoneName = `Hooked zone ${viewport.width}`;
    const created = await request.post(`${API}/zone`, {
      headers: { token },
      data: { name: zoneName, zoneTypeId: 1 },
    });
    expect(created.status()).toBe(201);
    // (the other size's subscription wants zone creations too: its endpoint has its own path)
    const mine = (d: Delivery) =>
      d.path === `/hook/${viewport.width}` &&
      (d.body.record as { name?: string } | null)?.name === zoneName;
    await expect.poll(() => received.find(mine), { timeout: 20_000 }).toBeTruthy();
    const delivery = received.find(mine)!;
    expect(delivery.event).toBe('zone.created');
    expect(delivery.signature).toBe(
      `v1=${createHmac('sha256', secret).update(`${delivery.timestamp}.${delivery.raw}`).digest('hex')}`,
    );

    // and is in the endpoint's log
    await page.goto('/#/app/services/endpoint');
    await frame.getByRole('link', { name: endpointName }).click();
    await expect(
      frame.getByRole('region', { name: 'Deliveries' }).getByRole('table'),
    ).toContainText('zone.created');
  });
}

test('the tenant keeps its data as long as it says, and purges the rest (390 px)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin');
  const frame = legacyFrame(page);
  await page.goto('/#/app/services/dataRetentionPolicy');
  await expect(
    frame.getByRole('heading', { level: 1, name: 'Data retention policies' }),
  ).toBeVisible();
  const audit = frame.getByRole('textbox', { name: 'Audit trail entries' });
  await audit.fill('7');
  await frame.getByRole('button', { name: 'Save' }).click();
  await expect(
    frame.getByText('Enter a whole number of days from 30 to 3,650, or leave it empty.'),
  ).toBeVisible();
  await expect(audit).toHaveAttribute('aria-invalid', 'true');
  await audit.fill('');
  await frame.getByRole('textbox', { name: 'Webhook deliveries' }).fill('90');
  await frame.getByRole('button', { name: 'Save' }).click();
  await expect(frame.getByRole('status')).toHaveText('Retention policy saved.');
  await frame.getByRole('button', { name: 'Count what would be deleted' }).click();
  await expect(frame.getByRole('status')).toHaveText(
    /^A purge now would delete: Webhook deliveries: \d+ rows\.$/,
  );
  await frame.getByRole('button', { name: 'Purge now…' }).click();
  await expectNoFrameAxeViolations(page, 'retention, confirming: ');
  await frame.getByRole('button', { name: 'Delete it now' }).click();
  await expect(frame.getByRole('status')).toHaveText(/^Deleted: Webhook deliveries: \d+ rows\.$/);
  const runs = frame.getByRole('table', { name: 'Last purges' });
  await expect(runs.getByRole('row')).toHaveCount(3);
  await expect(runs).toContainText('Purge now');
  await expect(runs).toContainText('Dry run');
  await expectNoHorizontalOverflow(page);
  // after a reload the policy is the one saved
  await page.reload();
  await expect(frame.getByRole('textbox', { name: 'Webhook deliveries' })).toHaveValue('90');
});
