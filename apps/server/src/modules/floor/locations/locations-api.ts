import type { PDFPage } from 'pdf-lib';
import { drawCode128 as drawLabelBars, type LabelBox } from './location-labels-pdf';
import { naturalSortKey as naturalKey } from './natural-sort-key';

/*
 * What other modules may use of locations: the natural order of codes (walk routes) and the Code 128 drawing of
 * the location labels (pick lists print the same bars).
 */

/** The natural-order key of a location code (A-2 before A-10). */
export const naturalSortKey = (code: string): string => naturalKey(code);

/** Code 128 bars drawn as vector rectangles into the box, with quiet zones, as on location labels. */
export const drawCode128 = (page: PDFPage, text: string, box: LabelBox): void => drawLabelBars(page, text, box);
