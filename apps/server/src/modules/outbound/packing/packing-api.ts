/** The packing module's public surface (docs/outbound-packing.md). */
export { addCustomCartonType } from './custom-carton-type';
