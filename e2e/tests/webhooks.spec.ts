import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations, settle } from '../fixtures/audit';
import { DEMO_USERS } from '../fixtures/demo';
import { uniqueTag } from '../fixtures/masterData';
import { expect, test } from '../fixtures/session';

/**
 * A client subscribes a receiver (started here on 127.0.0.1; the e2e server runs in local development
 * mode) to their account's events, sees the secret once, sends a test event and finds it delivered (204) in the
 * delivery log, then redelivers it; at 1440 px and 390 px with axe on the list, the dialog and the log.
 */
test.describe('webhooks', () => {
  test.describe.configure({ timeout: 120_000 });
  test('subscribe, send a test event, read the delivery log and redeliver', async ({ page, signInAs }) => {
    const received: string[] = [];
    const receiver = createServer((req, res) => {
      received.push(String(req.headers['webhook-id']));
      req.resume();
      req.on('end', () => {
        res.statusCode = 204;
        res.end();
      });
    });
    receiver.listen(0, '127.0.0.1');
    await once(receiver, 'listening');
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/${uniqueTag('hook')}`;
    try {
      await signInAs(DEMO_USERS.client);
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto('/settings/webhooks');
      await expect(page.getByRole('heading', { name: 'Webhooks', exact: true })).toBeVisible();
      await settle(page);
      await expectNoSeriousAxeViolations(page, 'webhooks');

      await page.getByRole('button', { name: 'Add webhook' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add webhook' });
      await dialog.getByRole('combobox', { name: 'Account' }).click();
      await page.getByRole('option', { name: 'Northwind Outdoor Co.' }).click();
      await dialog.getByRole('textbox', { name: 'Endpoint URL' }).fill(url);
      await expectNoSeriousAxeViolations(page, 'add webhook dialog');
      await dialog.getByRole('button', { name: 'Create' }).click();

      const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
      await expect(secretDialog.getByRole('textbox', { name: 'Secret' })).toHaveValue(/^whsec_/);
      await secretDialog.getByRole('button', { name: 'Done' }).click();

      const row = page.getByRole('row').filter({ hasText: url });
      await expect(row.getByText('Enabled')).toBeVisible();
      await row.getByRole('button', { name: 'Send test' }).click();
      await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);

      await row.getByRole('link', { name: url }).click();
      await expect(page.getByRole('heading', { name: 'Webhook deliveries' })).toBeVisible();
      const log = page.getByRole('table', { name: 'Delivery log' });
      await expect(log.getByRole('row').filter({ hasText: 'webhook.test' })).toContainText('204');
      await settle(page);
      await expectNoSeriousAxeViolations(page, 'webhook deliveries');

      await log.getByRole('button', { name: 'Redeliver' }).first().click();
      await expect.poll(() => received.length, { timeout: 15_000 }).toBe(2);
      expect(received[1]).toBe(received[0]);

      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await expect(log.getByRole('row').filter({ hasText: 'webhook.test' }).first()).toBeVisible();
      await expectNoHorizontalOverflow(page, 'webhook deliveries (phone)');
      await page.goto('/settings/webhooks');
      await expect(page.getByRole('row').filter({ hasText: url })).toBeVisible();
      await expectNoHorizontalOverflow(page, 'webhooks (phone)');
      await expectNoSeriousAxeViolations(page, 'webhooks (phone)');
    } finally {
      receiver.closeAllConnections();
      receiver.close();
    }
  });
});
