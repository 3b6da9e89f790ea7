/** What a picker accepts: lower-case extensions with the dot, a byte cap, and the texts for each rejection. */
export interface FileRules {
  extensions: readonly string[];
  maxBytes: number;
  tooLargeMessage: string;
  invalidTypeMessage: string;
}

/** '.XLSX' and 'name.tar.xlsx' → '.xlsx'; no dot → ''. */
export const extensionOf = (filename: string): string => {
  const dot = filename.lastIndexOf('.');
  return dot <= 0 && !filename.startsWith('.') ? '' : filename.slice(dot).toLowerCase();
};

/**
 * The first reason a chosen file is refused, or null. Only a quick check by name and size: the server reads the
 * real content and has the last word.
 */
export function checkFile(file: Pick<File, 'name' | 'size'>, rules: FileRules): string | null {
  if (!rules.extensions.includes(extensionOf(file.name))) return rules.invalidTypeMessage;
  if (file.size > rules.maxBytes) return rules.tooLargeMessage;
  return null;
}

/** 1536 → '1.5 KB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 ? Math.round(value) : Math.round(value * 10) / 10} ${units[unit]}`;
}
