import { PRODUCT_IMPORT_EXTENSIONS, PRODUCT_IMPORT_MAX_BYTES, PRODUCT_MESSAGES } from '@wms/contract/products';
import { describe, expect, it } from 'vitest';
import { checkFile, extensionOf, formatBytes } from './file-checks';

const rules = {
  extensions: PRODUCT_IMPORT_EXTENSIONS,
  maxBytes: PRODUCT_IMPORT_MAX_BYTES,
  tooLargeMessage: PRODUCT_MESSAGES.importTooLarge,
  invalidTypeMessage: PRODUCT_MESSAGES.importInvalidType,
};

describe('checkFile (product import)', () => {
  it.each(['a.xlsx', 'b.XLS', 'c.csv', 'd.numbers', 'my.products.CSV'])('accepts %s', (name) => {
    expect(checkFile({ name, size: 100 }, rules)).toBeNull();
  });

  it.each(['a.pdf', 'b.txt', 'xlsx', 'archive.xlsx.zip', 'noextension'])('refuses %s by type', (name) => {
    expect(checkFile({ name, size: 100 }, rules)).toBe(
      'Invalid file type. Please select an Excel file (.xlsx, .xls), CSV file (.csv), or Numbers file (.numbers).',
    );
  });

  it('accepts exactly 10 MB and refuses one byte more', () => {
    expect(checkFile({ name: 'a.csv', size: 10_485_760 }, rules)).toBeNull();
    expect(checkFile({ name: 'a.csv', size: 10_485_761 }, rules)).toBe('File is too large. Maximum size is 10MB.');
  });
});

describe('extensionOf and formatBytes', () => {
  it('reads the last extension in lower case', () => {
    expect(extensionOf('A.B.XLSX')).toBe('.xlsx');
    expect(extensionOf('none')).toBe('');
  });

  it('formats sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(10_485_760)).toBe('10 MB');
  });
});
