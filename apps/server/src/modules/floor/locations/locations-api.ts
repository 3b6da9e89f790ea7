/*
 * What other modules may use of locations: the natural order of codes (walk routes) and the Code 128 drawing of
 * the location labels (pick lists print the same bars).
 */
export { drawCode128, type LabelBox } from './location-labels-pdf';
export { naturalSortKey } from './natural-sort-key';
