/** Cells keep to one line: at phone width a table scrolls inside its card instead of squeezing. */
export const NO_WRAP = { '& td, & th': { whiteSpace: 'nowrap' } } as const;
