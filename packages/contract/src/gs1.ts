/**
 * GS1 identifiers the packing station prints: the SSCC-18 of a carton (application identifier 00) and its mod-10
 * check digit. Check digits are always computed here, never typed or stored apart from the number they check.
 */

/** A GS1 company prefix is 7 to 10 digits (GS1 General Specifications §1.4.4 leaves the length to the issuer). */
export const GS1_COMPANY_PREFIX_PATTERN = /^\d{7,10}$/;

/** The SSCC's application identifier, in parentheses on human-readable lines: "(00) 106141411234567897". */
export const SSCC_AI = '00';

/**
 * The GS1 mod-10 check digit of a digit string (GTIN, SSCC, GLN…): from the rightmost digit leftwards, weights
 * 3, 1, 3, 1…; the check digit brings the weighted sum up to the next multiple of ten.
 */
export function gs1CheckDigit(digits: string): number {
  if (!/^\d+$/.test(digits)) throw new Error(`Not a digit string: ${digits}`);
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** Whether a full GS1 number (its last digit the check digit) is well formed. */
export function hasValidCheckDigit(number: string): boolean {
  return /^\d{2,}$/.test(number) && gs1CheckDigit(number.slice(0, -1)) === Number(number.at(-1));
}

/** How many serial numbers one company prefix can give: the SSCC's 16 digits after the extension digit, less the prefix. */
export function ssccSerialCapacity(companyPrefix: string): number {
  return 10 ** (16 - companyPrefix.length);
}

/**
 * The SSCC-18 of one carton: extension digit (0–9), company prefix, the serial reference zero-padded to fill 17
 * digits, then the check digit.
 */
export function buildSscc(extensionDigit: number, companyPrefix: string, serial: number): string {
  if (!Number.isInteger(extensionDigit) || extensionDigit < 0 || extensionDigit > 9) {
    throw new Error(`SSCC extension digit must be 0–9, not ${extensionDigit}`);
  }
  if (!GS1_COMPANY_PREFIX_PATTERN.test(companyPrefix)) throw new Error(`Not a GS1 company prefix: ${companyPrefix}`);
  if (!Number.isSafeInteger(serial) || serial < 0 || serial >= ssccSerialCapacity(companyPrefix)) {
    throw new Error(`SSCC serial ${serial} does not fit after prefix ${companyPrefix}`);
  }
  const body = `${extensionDigit}${companyPrefix}${String(serial).padStart(16 - companyPrefix.length, '0')}`;
  return `${body}${gs1CheckDigit(body)}`;
}

/** The human-readable line under an SSCC barcode: "(00) 106141411234567897". */
export const ssccText = (sscc: string) => `(${SSCC_AI}) ${sscc}`;
