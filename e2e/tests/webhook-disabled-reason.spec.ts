import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_MESSAGES } from '@wms/contract/webhooks';
import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations, settle } from '../fixtures/audit';
import {
  apiClient,
  createInventory,
  createProduct,
  DEMO_ACCOUNTS,
  DEMO_WAREHOUSES,
  selectionFor,
  uniqueSku,
} from '../fixtures/catalogue';
import { DEMO_PASSWORD, DEMO_USERS } from '../fixtures/demo';
import { uniqueTag } from '../fixtures/masterData';
import { expect, test } from '../fixtures/session';

type Webhook = { id: number; url: string; enabled: boolean; disabled_reason: string | null };

/**
 * A webhook subscription follows its creator's access: one made with a client's API key stops once the key is
 * revoked, at the next event of its account, as the server decides it (the background dispatcher's fan-out). The
 * client then sees why on the webhooks list and on the subscription's deliveries page (at 1440 px and 390 px, axe
 * on both), and enabling it again works: it is enabled, with no reason left, on the screens and in the API.
 */
test.describe('a disabled webhook shows its reason', () => {
  test.describe.configure({ timeout: 120_000 });
  test('revoking the API key that created it disables it with the reason; enabling it again', async ({
    page,
    request,
    signInAs,
  }) => {
    const receiver = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.statusCode = 204;
        res.end();
      });
    });
    receiver.listen(0, '127.0.0.1');
    await once(receiver, 'listening');
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/${uniqueTag('keyed')}`;
    try {
      // Set-up through the API, as an integrator would: a key, a subscription made with it, the key revoked.
      const client = await apiClient(request, DEMO_USERS.client);
      const manager = await apiClient(request, DEMO_USERS.manager);
      const selection = await selectionFor(client, DEMO_ACCOUNTS.northwind, DEMO_WAREHOUSES.newark);
      const key = await client.post<{ secret: string; data: { id: number } }>('/api-keys', {
        name: uniqueTag('shop'),
        account_id: selection.account.id,
        permissions: ['view webhooks', 'create webhooks', 'edit webhooks'],
        current_password: DEMO_PASSWORD,
      });
      const created = await request.post('/api/webhooks', {
        headers: { Authorization: `Bearer ${key.secret}` },
        data: { account_id: selection.account.id, url, events: ['order.created'] },
      });
      expect(created.status(), await created.text()).toBe(201);
      const { webhook } = (await created.json()) as { webhook: Webhook };
      const revoked = await request.delete(`/api/api-keys/${key.data.id}`, {
        headers: { Authorization: `Bearer ${client.token}` },
      });
      expect(revoked.status(), await revoked.text()).toBe(200);

      // An event of the account: the fan-out finds the creating key revoked and disables the subscription.
      const sku = uniqueSku('HOOK');
      const product = await createProduct(client, {
        sku,
        name: `Hook Lantern ${sku}`,
        account_id: selection.account.id,
      });
      await createInventory(manager, {
        product_id: product.id,
        warehouse_id: selection.warehouse.id,
        account_id: selection.account.id,
        quantity_on_hand: 3,
      });
      await client.post('/orders/bulk', {
        warehouse_id: selection.warehouse.id,
        orders: [
          {
            account_id: selection.account.id,
            customer_name: `Hook Customer ${sku}`,
            ship_date: '2026-12-24',
            order_id: sku,
            notes: null,
            products: [{ product_id: product.id, quantity: 1 }],
          },
        ],
      });
      const read = () => client.get<{ webhook: Webhook }>(`/webhooks/${webhook.id}`).then((r) => r.webhook);
      await expect.poll(async () => (await read()).enabled, { timeout: 30_000 }).toBe(false);
      expect((await read()).disabled_reason).toBe(WEBHOOK_MESSAGES.disabledApiKeyRevoked);

      // The list says it is disabled and why.
      await signInAs(DEMO_USERS.client);
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto('/settings/webhooks');
      const row = page.getByRole('table', { name: 'Webhooks' }).getByRole('row').filter({ hasText: url });
      await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
      await expect(row.getByText(WEBHOOK_MESSAGES.disabledApiKeyRevoked)).toBeVisible();
      await settle(page);
      await expectNoSeriousAxeViolations(page, 'webhooks with a disabled subscription');

      // So does its deliveries page, at the top.
      await row.getByRole('link', { name: url }).click();
      await expect(page.getByRole('heading', { name: 'Webhook deliveries' })).toBeVisible();
      await expect(page.getByRole('alert')).toHaveText(WEBHOOK_MESSAGES.disabledApiKeyRevoked);
      await settle(page);
      await expectNoSeriousAxeViolations(page, 'deliveries of a disabled subscription');
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(page.getByRole('alert')).toHaveText(WEBHOOK_MESSAGES.disabledApiKeyRevoked);
      await expectNoHorizontalOverflow(page, 'deliveries of a disabled subscription (phone)');
      await expectNoSeriousAxeViolations(page, 'deliveries of a disabled subscription (phone)');

      // On a phone, the list shows the reason too; enabling it again clears it.
      await page.goto('/settings/webhooks');
      await expect(row.getByText(WEBHOOK_MESSAGES.disabledApiKeyRevoked)).toBeVisible();
      await expectNoHorizontalOverflow(page, 'webhooks with a disabled subscription (phone)');
      await expectNoSeriousAxeViolations(page, 'webhooks with a disabled subscription (phone)');
      await row.getByRole('button', { name: 'Enable' }).click();
      await expect(row.getByText('Enabled', { exact: true })).toBeVisible();
      await expect(row.getByText(WEBHOOK_MESSAGES.disabledApiKeyRevoked)).toHaveCount(0);
      await expect(row.getByRole('button', { name: 'Disable' })).toBeVisible();
      expect(await read()).toMatchObject({ enabled: true, disabled_reason: null });
    } finally {
      receiver.closeAllConnections();
      receiver.close();
    }
  });
});
