import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { accountTotalRows, chargeTypeTotalRows, TotalsTable } from './TotalsTable';

afterEach(cleanup);

describe('TotalsTable', () => {
  it("lists the dashboard's account totals with their invoices, largest first as sent", () => {
    const rows = accountTotalRows([
      { account_id: 1, account_name: 'Northwind', total_cents: 250_00, invoices: 2 },
      { account_id: 2, account_name: 'Lumen', total_cents: 99, invoices: 1 },
    ]);
    render(
      <TotalsTable
        label="Revenue by account"
        nameHeading="Account"
        countHeading="Invoices"
        rows={rows}
        currency="USD"
        empty="None"
      />,
    );
    const table = screen.getByRole('table', { name: 'Revenue by account' });
    const cells = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(cells).toEqual(['AccountInvoicesTotal', 'Northwind2$250.00', 'Lumen1$0.99']);
  });

  it('lists charge types without a count column, and says when there is nothing', () => {
    const rows = chargeTypeTotalRows([{ charge_type: 'storage_unit_day', label: 'Storage', total_cents: 1_00 }]);
    render(
      <TotalsTable label="Unbilled by charge type" nameHeading="Charge type" rows={rows} currency="USD" empty="None" />,
    );
    const table = screen.getByRole('table', { name: 'Unbilled by charge type' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['Charge typeTotal', 'Storage$1.00']);
    cleanup();
    render(<TotalsTable label="Unbilled by account" nameHeading="Account" rows={[]} currency="USD" empty="None yet" />);
    expect(screen.getByText('None yet')).toBeTruthy();
  });
});
