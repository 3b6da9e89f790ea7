import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '@wms/contract/products';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRODUCT_SEARCH_DEBOUNCE_MS, ProductAutocomplete, productLabel, useProductSearch } from './ProductAutocomplete';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const account = { id: 3, name: 'Northwind Outdoor Co.', email: 'owner@example.com' };
const lantern = {
  id: 7,
  sku: 'LAN-1',
  name: 'Lantern',
  account,
  account_id: account.id,
} as unknown as Product;

const setup = (props: Partial<Parameters<typeof ProductAutocomplete>[0]> = {}) =>
  render(
    <ProductAutocomplete
      id="product_id"
      label="Product"
      placeholder="Search by name or SKU"
      value={null}
      onChange={() => {}}
      search={{ input: '', setInput: () => {} }}
      products={{ data: [lantern], isFetching: false, isError: false }}
      loadFailedText="Failed to load products"
      {...props}
    />,
  );

describe('ProductAutocomplete', () => {
  it("offers the server's products by name over SKU, with the account only when asked", async () => {
    setup({ showAccount: true });
    await userEvent.click(screen.getByRole('combobox', { name: 'Product' }));
    expect(screen.getByRole('option').textContent).toBe('LanternLAN-1 · Northwind Outdoor Co.');
    cleanup();
    setup();
    await userEvent.click(screen.getByRole('combobox', { name: 'Product' }));
    expect(screen.getByRole('option').textContent).toBe('LanternLAN-1');
  });

  it("says the caller's text when the products failed to load, and shows the field's error", async () => {
    setup({ products: { data: undefined, isFetching: false, isError: true }, error: 'Choose a product' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Product' }));
    expect(screen.getByText('Failed to load products')).toBeTruthy();
    expect(screen.getByText('Choose a product')).toBeTruthy();
  });

  it('is disabled when the caller says so', () => {
    setup({ disabled: true });
    expect((screen.getByRole('combobox', { name: 'Product' }) as HTMLInputElement).disabled).toBe(true);
  });
});

describe('useProductSearch', () => {
  it('searches the typed text after the debounce, and nothing while the input shows the chosen product', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ value }) => useProductSearch(value), {
      initialProps: { value: null as Product | null },
    });
    act(() => result.current.setInput('lan'));
    expect(result.current.term).toBe('');
    act(() => vi.advanceTimersByTime(PRODUCT_SEARCH_DEBOUNCE_MS));
    expect(result.current.term).toBe('lan');
    act(() => result.current.setInput(productLabel(lantern)));
    rerender({ value: lantern });
    expect(result.current.term).toBe('');
  });
});
