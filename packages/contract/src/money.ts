/**
 * Money without floating point: amounts are integer minor units (cents), unit rates integer micro-units
 * (1/1 000 000 of the currency unit, so a rate keeps its 4 decimals exactly). One installation currency, whose minor
 * unit must have 2 digits (USD, EUR, GBP…: the server refuses a `CURRENCY` without, see config.ts).
 */
export const MICROS_PER_UNIT = 1_000_000;
/** Micro-units in one cent. */
const MICROS_PER_CENT = 10_000n;
/** Rates are entered with at most this many decimals. */
export const RATE_DECIMALS = 4;
export const DEFAULT_CURRENCY = 'USD';

/** `12`, `12.5`, `0.2500`: digits with an optional dot and up to `decimals` more digits; no sign, no exponent. */
function parseDecimal(text: string, decimals: number, scale: number): number | null {
  const match = new RegExp(`^(\\d{1,12})(?:\\.(\\d{0,${decimals}}))?$`).exec(text.trim());
  if (!match) return null;
  const whole = BigInt(match[1] ?? '0');
  const fraction = BigInt((match[2] ?? '').padEnd(String(scale).length - 1, '0') || '0');
  const value = whole * BigInt(scale) + fraction;
  return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : null;
}

/** A rate typed by a person (`0.25`, `1.2345`) in micro-units; null when not a non-negative 4-decimal number. */
export const parseRate = (text: string): number | null => parseDecimal(text, RATE_DECIMALS, MICROS_PER_UNIT);

/** An amount typed by a person (`12.50`) in cents; null when not a non-negative 2-decimal number. */
export const parseAmount = (text: string): number | null => parseDecimal(text, 2, 100);

/** The exact decimal text of an integer scaled by 10^digits (`2500, 6` → `0.0025`), for Intl to format exactly. */
function scaledText(value: number, digits: number): string {
  const negative = value < 0;
  const padded = String(Math.abs(value)).padStart(digits + 1, '0');
  const text = `${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
  return negative ? `-${text}` : text;
}

/** Micro-units as the plain decimal a form shows (`250000` → `0.25`, `1000000` → `1.00`): 2 to 4 decimals. */
export function rateText(micros: number): string {
  const [whole = '0', fraction = ''] = scaledText(micros, 6).split('.');
  const kept = fraction.slice(0, RATE_DECIMALS).replace(/0{1,2}$/, '');
  return `${whole}.${kept.padEnd(2, '0')}`;
}

/**
 * Intl.NumberFormat formats a decimal *string* exactly (no conversion to a double), so amounts never pass through
 * floating point even on their way to the screen.
 */
type ExactFormat = (value: string) => string;
const formatter = (currency: string, locale: string | undefined, maximumFractionDigits: number): ExactFormat => {
  const format = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits,
  });
  return (value) => format.format(value as unknown as number);
};

/** `1234` cents → `$12.34`. */
export const formatMoney = (cents: number, currency: string = DEFAULT_CURRENCY, locale?: string): string =>
  formatter(currency, locale, 2)(scaledText(cents, 2));

/** `2500` micro-units → `$0.0025`; `250000` → `$0.25` (2 to 4 decimals). */
export const formatRate = (micros: number, currency: string = DEFAULT_CURRENCY, locale?: string): string =>
  formatter(currency, locale, RATE_DECIMALS)(rateText(micros));

/**
 * The amount of a charge line in cents: quantity × rate, rounded half up to the cent (half away from zero; charges
 * are never negative). Computed in BigInt, so large unit-day quantities stay exact.
 */
export function lineAmountCents(quantity: number, rateMicros: number): number {
  if (!Number.isSafeInteger(quantity) || !Number.isSafeInteger(rateMicros)) {
    throw new RangeError('quantity and rate must be integers');
  }
  const micros = BigInt(quantity) * BigInt(rateMicros);
  const negative = micros < 0n;
  const magnitude = negative ? -micros : micros;
  const cents = (magnitude + MICROS_PER_CENT / 2n) / MICROS_PER_CENT;
  return Number(negative ? -cents : cents);
}

/** Whether Intl knows the code as a currency whose minor unit has 2 digits (what cents assume). */
export function isTwoDecimalCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  try {
    const options = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions();
    return options.maximumFractionDigits === 2;
  } catch {
    return false;
  }
}
