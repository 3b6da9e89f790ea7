/** Spec 1 §2.4/§9: header selectors above 800 px wide, drawer copies at 801 px and below. */
export const HEADER_SELECTORS_QUERY = '(min-width: 801px)';
export const DRAWER_SELECTORS_QUERY = '(max-width: 801px)';
/** The drawer is permanent whenever the header has room for the selectors, a temporary overlay otherwise. */
export const PERMANENT_DRAWER_QUERY = HEADER_SELECTORS_QUERY;
export const DRAWER_WIDTH = 248;
export const SELECTOR_MIN_WIDTH = 200;
