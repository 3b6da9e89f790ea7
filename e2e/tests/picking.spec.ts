import type { Page } from '@playwright/test';
import { PICKING_MESSAGES } from '@wms/contract/picking';
import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations, settle } from '../fixtures/audit';
import { apiClient } from '../fixtures/catalogue';
import { DEMO_USERS } from '../fixtures/demo';
import { expect, test } from '../fixtures/session';
import { inWarehouse, scan, waveSetUp } from '../fixtures/waves';

interface TaskRow {
  id: number;
  kind: string;
  status: string;
  location: { code: string };
  product: { sku: string };
  quantity: number;
  quantity_picked: number;
  orders: { order_id: number; quantity: number; quantity_picked: number; tote: string | null }[];
}
interface WaveRow {
  id: number;
  number: string;
  status: string;
  orders: { order_id: number; order_number: string; tote: string | null }[];
  tasks: TaskRow[];
}

const feedback = (page: Page) => page.getByTestId('scan-feedback');

/**
 * Picking on a handheld: a manager at 390 px scans the wave number, takes the wave, puts one tote per
 * order on the cart, then picks every task by scanning (keyboard wedge: text + Enter): location, product, quantity,
 * the order's tote. At product A's pick face the bin is empty: a short pick, after which the missing units come
 * from the storage bin that also holds A (a new task in the route). The supervisor then sees that pick face in the
 * hospital list. axe at 390 px on each handheld step and at 1440 px on the supervisor view.
 */
test.describe('picking a wave on a phone', () => {
  test.describe.configure({ timeout: 180_000 });

  test('pick a cluster wave by scanning, with a short pick re-allocated from another bin', async ({
    page,
    request,
    signInAs,
  }) => {
    const admin = await apiClient(request, DEMO_USERS.admin);
    const setUp = await waveSetUp(admin, 'PCK');

    const session = await signInAs(DEMO_USERS.manager);
    await inWarehouse(page, session, setUp.warehouse);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/picking');
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'picking start at 390px');
    await expectNoHorizontalOverflow(page, 'picking start at 390px');

    // The supervisor releases a wave while the picker is on the start page; its pick list's number, scanned, opens it
    // (the page looks it up again: its list of waves was read before the release).
    const released = await admin.post<{ data: WaveRow }>('/waves', {
      warehouse_id: setUp.warehouse.id,
      shipper_ids: [setUp.shipper.id],
      mode: 'cluster',
    });
    expect(released.data.orders).toHaveLength(5);
    const waveOf = async () => (await admin.get<{ data: WaveRow }>(`/waves/${released.data.id}`)).data;
    await scan(page, 'Wave number', 'WAVE-999999');
    await expect(feedback(page)).toHaveAttribute('data-status', 'not-found');
    await scan(page, 'Wave number', released.data.number);
    await expect(page).toHaveURL(new RegExp(`/picking/${released.data.id}$`));
    await page.getByRole('button', { name: 'Take this wave' }).click();

    // The cart: one tote per order, in the wave's order; a tote used twice is refused.
    const totes = released.data.orders.map((_, index) => `T${index + 1}-${released.data.id}`);
    await expect(page.getByRole('textbox', { name: /^Tote for / })).toBeVisible();
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'cluster cart set-up at 390px');
    for (const [index, tote] of totes.entries()) {
      const field = page.getByRole('textbox', { name: /^Tote for / });
      if (index === 1) {
        await field.fill(totes[0]!);
        await field.press('Enter');
        await expect(feedback(page)).toHaveAttribute('data-status', 'not-found');
      }
      await field.fill(tote);
      await field.press('Enter');
    }
    await page.getByRole('button', { name: 'Start picking' }).click();

    // Every task by scanning, until the wave is picked. A's pick face is found empty once.
    let shorted = false;
    for (let guard = 0; guard < 20; guard++) {
      const done = page.getByText(/is picked: take the cart to packing/);
      const location = page.getByTestId('task-location');
      await expect(done.or(location)).toBeVisible();
      if (await done.isVisible()) break;
      await expect(page.getByTestId('pick-progress')).toBeVisible();
      const code = (await location.textContent())!.trim();
      const wave = await waveOf();
      const task = wave.tasks.find(
        (t) => t.kind === 'pick' && (t.status === 'open' || t.status === 'skipped') && t.location.code === code,
      )!;
      expect(task, `an open task at ${code}`).toBeTruthy();

      if (!shorted && code === setUp.products.a.pickBin.code) {
        // A wrong location is refused at once, naming the one expected.
        await scan(page, 'Location', setUp.reserveBinOfA.code);
        await expect(feedback(page)).toHaveText(PICKING_MESSAGES.wrongLocation(code));
        await expectNoSeriousAxeViolations(page, 'pick task at 390px');
        await expectNoHorizontalOverflow(page, 'pick task at 390px');
        await page.screenshot({ path: 'test-results/picking-task-390.png', fullPage: true });
        await page.getByRole('button', { name: 'Short pick' }).click();
        await page.getByRole('textbox', { name: 'Units that were there' }).fill('0');
        await page.getByRole('radio', { name: 'The location is empty' }).check();
        await expectNoSeriousAxeViolations(page, 'short pick at 390px');
        await page.getByRole('button', { name: 'Report short pick' }).click();
        shorted = true;
        // The missing units come from the storage bin that also holds A: a new task in the route.
        await expect
          .poll(async () =>
            (await waveOf()).tasks.some((t) => t.status === 'open' && t.location.code === setUp.reserveBinOfA.code),
          )
          .toBe(true);
        continue;
      }

      await scan(page, 'Location', code);
      await scan(page, 'Product barcode or SKU', 'NOT-THIS-ONE');
      await expect(feedback(page)).toHaveText(PICKING_MESSAGES.wrongProduct(task.product.sku, null));
      await scan(page, 'Product barcode or SKU', task.product.sku);
      const quantity = page.getByRole('textbox', { name: 'Quantity taken' });
      await expect(quantity).toHaveValue(String(task.quantity - task.quantity_picked));
      await page.getByRole('button', { name: 'Next: totes' }).click();
      for (const entry of task.orders.filter((o) => o.quantity > o.quantity_picked)) {
        const order = wave.orders.find((o) => o.order_id === entry.order_id)!;
        await scan(page, `Tote for ${order.order_number}`, order.tote!);
      }
      await expect(page.getByText(`from ${code}`)).toBeVisible();
      const emptyQuestion = page.getByRole('group', { name: /^Is .* empty now\?$/ });
      if (await emptyQuestion.isVisible()) await page.getByRole('button', { name: 'Yes, empty' }).click();
    }
    expect(shorted).toBe(true);
    await expect(page.getByText(/is picked: take the cart to packing/)).toBeVisible();
    const finished = await waveOf();
    expect(finished.status).toBe('picked');
    expect(finished.tasks.find((t) => t.location.code === setUp.reserveBinOfA.code)?.status).toBe('picked');

    // The supervisor sees A's pick face in hospital, at 1440 px.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/waves/supervisor');
    const hospital = page.getByRole('table', { name: 'Hospital locations' });
    await expect(hospital.getByRole('row', { name: new RegExp(setUp.products.a.pickBin.code) })).toBeVisible();
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'picking supervisor at 1440px');
    await page.screenshot({ path: 'test-results/picking-supervisor-1440.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'picking supervisor at 390px');
    await expectNoHorizontalOverflow(page, 'picking supervisor at 390px');
  });

  /**
   * A wave cancelled after one task was picked leaves those units on the cart as a put-back task. At 390 px a picker
   * finds the wave under "Units to put back", sees the location large and "Put back N × SKU", scans a wrong bin
   * (refused, naming the task's bin, with the offer to use the scanned one), the right bin, the product, confirms.
   */
  test('put back the units of a cancelled wave by scanning', async ({ page, request, signInAs }) => {
    const admin = await apiClient(request, DEMO_USERS.admin);
    const setUp = await waveSetUp(admin, 'PBK');
    const [first, second] = setUp.orders;
    const released = await admin.post<{ data: WaveRow }>('/waves', {
      warehouse_id: setUp.warehouse.id,
      order_ids: [first!.id, second!.id],
      mode: 'discrete',
    });
    const a = setUp.products.a;
    const taskOfA = released.data.tasks.find((t) => t.kind === 'pick' && t.product.sku === a.sku)!;
    await admin.post(`/waves/${released.data.id}/tasks/${taskOfA.id}/pick`, {
      location_code: taskOfA.location.code,
      product_code: a.sku,
      quantity: taskOfA.quantity,
    });
    const cancelled = await admin.post<{ data: WaveRow }>(`/waves/${released.data.id}/cancel`, {});
    const putBack = cancelled.data.tasks.find((t) => t.kind === 'put_back')!;
    expect(putBack).toMatchObject({ status: 'open', quantity: taskOfA.quantity });
    const binUnits = async () => {
      const { data } = await admin.get<{ data: { product: { id: number }; quantity: number }[] }>(
        `/locations/${a.pickBin.id}/stock`,
      );
      return data.filter((row) => row.product.id === a.productId).reduce((sum, row) => sum + row.quantity, 0);
    };
    expect(await binUnits()).toBe(5 - taskOfA.quantity);

    const session = await signInAs(DEMO_USERS.manager);
    await inWarehouse(page, session, setUp.warehouse);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/picking');
    const list = page.getByRole('list', { name: 'Waves with units to put back' });
    await list.getByRole('link', { name: new RegExp(released.data.number) }).click();
    await expect(page).toHaveURL(new RegExp(`/picking/${released.data.id}$`));
    await expect(page.getByTestId('task-location')).toHaveText(a.pickBin.code);
    await expect(page.getByTestId('put-back-what')).toHaveText(`Put back ${taskOfA.quantity} × ${a.sku}`);
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'put-back task at 390px');
    await expectNoHorizontalOverflow(page, 'put-back task at 390px');

    // A wrong bin is refused at once, naming the task's; the scanned bin is offered on purpose only.
    await scan(page, 'Location', setUp.reserveBinOfA.code);
    await expect(feedback(page)).toHaveText(PICKING_MESSAGES.wrongLocation(a.pickBin.code));
    await expect(page.getByRole('button', { name: `Put them into ${setUp.reserveBinOfA.code} instead` })).toBeVisible();
    await scan(page, 'Location', a.pickBin.code);
    await scan(page, 'Product barcode or SKU', 'NOT-THIS-ONE');
    await expect(feedback(page)).toHaveText(PICKING_MESSAGES.wrongProduct(a.sku, null));
    await scan(page, 'Product barcode or SKU', a.sku);
    await settle(page);
    await expectNoSeriousAxeViolations(page, 'put-back confirmation at 390px');
    await page.getByRole('button', { name: `Confirm ${taskOfA.quantity} put back in ${a.pickBin.code}` }).click();
    await expect(page.getByText(PICKING_MESSAGES.putBack(taskOfA.quantity, a.sku, a.pickBin.code))).toBeVisible();
    await expect(page.getByText(/was cancelled: every unit is back in a bin/)).toBeVisible();
    await expectNoHorizontalOverflow(page, 'put-back done at 390px');

    const after = (await admin.get<{ data: WaveRow & { put_backs_open: number } }>(`/waves/${released.data.id}`)).data;
    expect(after.put_backs_open).toBe(0);
    expect(after.tasks.find((t) => t.id === putBack.id)?.status).toBe('done');
    expect(await binUnits()).toBe(5);
  });
});
