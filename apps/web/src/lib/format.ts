/** Weight is stored in pounds (contract: weight_unit 'lb'); every screen labels it 'lbs' (docs/catalogue.md: one unit). */
export const WEIGHT_UNIT_LABEL = 'lbs';

export const formatWeight = (weight: number | null | undefined): string =>
  weight === null || weight === undefined
    ? '—'
    : `${weight.toLocaleString(undefined, { maximumFractionDigits: 2 })} ${WEIGHT_UNIT_LABEL}`;

export const formatDateTime = (iso: string | null | undefined): string =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—';

export const formatDate = (iso: string | null | undefined): string =>
  iso ? new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' }) : '—';
