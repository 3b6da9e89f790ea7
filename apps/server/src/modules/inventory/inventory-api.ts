/*
 * What other modules (shipments) may ask of the inventory module; stock itself moves only through
 * stock-operations.ts. They never import the inventory repository.
 */
export { isAccountInWarehouse } from './inventory-repository';
