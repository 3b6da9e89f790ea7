import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { LinkedWarehouseSelect } from './LinkedWarehouseSelect';

afterEach(cleanup);

const newark = { id: 1, name: 'Newark Fulfillment Center', code: 'NWK' };
const dallas = { id: 2, name: 'Dallas Distribution Hub', code: 'DAL' };

function Form({ value, options }: { value: string; options: (typeof newark)[] }) {
  const form = useForm({ defaultValues: { warehouse_id: value } });
  return (
    <LinkedWarehouseSelect
      control={form.control}
      name="warehouse_id"
      options={options}
      hint="Warehouses linked to Northwind"
      emptyText="No active warehouse is linked to this account"
    />
  );
}

const select = () => screen.getByRole('combobox', { name: /Warehouse/ });

describe('LinkedWarehouseSelect', () => {
  it('shows the chosen warehouse and offers only the linked ones', () => {
    render(<Form value="1" options={[newark, dallas]} />);
    expect(select().textContent).toBe('Newark Fulfillment Center (NWK)');
    expect(screen.getByText('Warehouses linked to Northwind')).toBeTruthy();
    fireEvent.mouseDown(select());
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Newark Fulfillment Center (NWK)',
      'Dallas Distribution Hub (DAL)',
    ]);
  });

  it('leaves the select empty when the chosen warehouse is no longer offered (no out-of-range value)', () => {
    const { container } = render(<Form value="2" options={[newark]} />);
    expect(select().textContent).not.toContain('Dallas');
    // The select's own input (what MUI renders for the value) holds nothing rather than the stale id.
    expect(container.querySelector('input')?.value).toBe('');
  });

  it('says why nothing can be chosen', () => {
    render(<Form value="" options={[]} />);
    fireEvent.mouseDown(select());
    const only = screen.getByRole('option');
    expect(only.textContent).toBe('No active warehouse is linked to this account');
    expect(only.getAttribute('aria-disabled')).toBe('true');
  });
});
