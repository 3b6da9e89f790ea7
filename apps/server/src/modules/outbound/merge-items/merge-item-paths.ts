/** Where a merge item's PDF downloads from (the uploaded file, or one built from its orders' labels). */
export const mergeItemPdfPath = (id: number): string => `/api/merge-items/${id}/download-pdf`;

/** The name a browser saves it under (spec 2 §7). */
export const mergeItemPdfName = (id: number): string => `merge-item-${id}.pdf`;
