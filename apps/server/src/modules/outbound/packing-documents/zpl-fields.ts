/**
 * ZPL building blocks shared by the label printer documents: 4×6 in at 203 dpi (8 dots/mm), the common Zebra
 * desktop and industrial resolution; a 300 dpi printer prints the same label smaller, so stations use 203 dpi.
 */
export const ZPL_DOTS_PER_MM = 8;
export const ZPL_LABEL = { width: 812, height: 1218 } as const;
/** Dots in the label's millimetres, for renderers that take a size in mm. */
export const ZPL_LABEL_MM = { width: 101.6, height: 152.4 } as const;

/**
 * A text field's data: ^FH makes `_` the hex escape so `^` and `~` (ZPL's command prefixes) and `_` itself cannot
 * end the field or start a command inside a customer's name; control characters are dropped. The label is UTF-8
 * (^CI28), so other characters print as they are.
 */
export function zplData(text: string): string {
  const clean = [...text].map((c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f ? ' ' : c)).join('');
  return clean.replace(/[_^~]/g, (c) => `_${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** A line of text at (x, y) in font 0 (Zebra's scalable font) of the given height in dots, cut to maxChars. */
export function zplText(x: number, y: number, height: number, text: string, maxChars = 60): string {
  const cut = text.length > maxChars ? `${text.slice(0, maxChars - 1)}…` : text;
  return `^FO${x},${y}^A0N,${height},${height}^FH_^FD${zplData(cut)}^FS`;
}

/** A horizontal rule across the label. */
export const zplRule = (y: number, thickness = 3) =>
  `^FO24,${y}^GB${ZPL_LABEL.width - 48},${thickness},${thickness}^FS`;

/** Start of a 4×6 label in UTF-8. */
export const zplStart = () => `^XA^CI28^PW${ZPL_LABEL.width}^LL${ZPL_LABEL.height}^LH0,0`;

/**
 * A Code 128 symbol of printable ASCII data (an order number): `>:` starts code set B so the printer does not
 * reinterpret digits, and ^FH escapes the characters ZPL would take as commands.
 */
export function zplCode128(x: number, y: number, height: number, data: string, moduleWidth = 3): string {
  return `^FO${x},${y}^BY${moduleWidth}^BCN,${height},N,N,N^FH_^FD>:${zplData(data)}^FS`;
}
