/** The name a browser saves it under (spec 2 §7). */
export const mergeItemPdfName = (id: number): string => `merge-item-${id}.pdf`;
