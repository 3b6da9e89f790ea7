import { deflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import zahl from '@e965/xlsx/dist/xlsx.zahl.mjs';

export type BookType = 'xlsx' | 'xls' | 'csv' | 'numbers';

/** A one-sheet workbook file of these rows, written by SheetJS in the requested format. */
export function sheetFile(rows: unknown[][], bookType: BookType): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Products');
  return XLSX.write(book, { type: 'buffer', bookType, numbers: zahl }) as Buffer;
}

/** Reads back the first sheet of a downloaded file as rows of cells. */
export function readRows(buffer: Buffer): unknown[][] {
  const book = XLSX.read(buffer, { type: 'buffer' });
  return XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, raw: true });
}

/**
 * A zip bomb dressed as an .xlsx: a valid zip whose entry ([Content_Types].xml and a worksheet) inflates to
 * `inflatedBytes` of zeros from a few kilobytes.
 */
export function zipBomb(inflatedBytes: number): Buffer {
  const entries = [
    { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
    { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
    { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(inflatedBytes) },
  ];
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const compressed = deflateRawSync(entry.data, { level: 9 });
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * The hostile workbook: A = SKU, B = Product Name and one cell in column XFD (the last of 16 384) on every
 * data row. Written small and patched (SheetJS's writer would walk all 16 384 columns of every row).
 */
export function xfdWorkbook(dataRows: number): Buffer {
  const rows: string[][] = [['SKU', 'Product Name']];
  for (let r = 1; r <= dataRows; r++) rows.push([`XFD-${r}`, `Wide product ${r}`]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Products');
  const zip = XLSX.CFB.read(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }), { type: 'buffer' });
  const entry = zip.FileIndex[zip.FullPaths.indexOf('Root Entry/xl/worksheets/sheet1.xml')]!;
  const xml = Buffer.from(entry.content as Uint8Array)
    .toString('utf8')
    .replace(/<dimension ref="[^"]*"\/>/, `<dimension ref="A1:XFD${dataRows + 1}"/>`)
    .replace(/<row r="(\d+)"([^>]*)>(.*?)<\/row>/g, (row, r: string, attributes: string, cells: string) =>
      r === '1'
        ? row
        : `<row r="${r}"${attributes.replace(/ spans="[^"]*"/, '')}>${cells}<c r="XFD${r}" t="inlineStr"><is><t>x</t></is></c></row>`,
    );
  entry.content = Buffer.from(xml);
  entry.size = entry.content.length;
  return XLSX.CFB.write(zip, { type: 'buffer', fileType: 'zip', compression: true }) as Buffer;
}
