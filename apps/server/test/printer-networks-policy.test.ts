import { buildSscc } from '@wms/contract/gs1';
import { describe, expect, it } from 'vitest';
import { cartonLabelZpl } from '../src/modules/outbound/packing-documents/packing-documents-api';
import { checkPrinterAddress } from '../src/modules/outbound/packing-stations/printer-address';
import {
  checkPrinterNetwork,
  isAllowedPrinterAddress,
} from '../src/modules/outbound/packing-stations/printer-networks-policy';
import { PrinterUnreachableError, sendRaw } from '../src/modules/outbound/packing-stations/raw-printer';
import { zplSymbols } from './support/barcode-symbols';
import { closedPort, startPrinterListener } from './support/printer-listener';

/**
 * The printer allow-list's rules and the raw TCP send on their own. No address here is ever connected to except
 * 127.0.0.1 (a local listener): the private addresses are only checked against lists.
 */
const closed = { allowLoopback: false };
const dev = { allowLoopback: true };

describe('printer networks an admin may allow-list', () => {
  it.each([
    ['10.20.0.0/16', '10.20.0.0/16'],
    ['10.20.3.4/16', '10.20.0.0/16'],
    ['192.168.1.50', '192.168.1.50/32'],
    [' 172.16.0.0/12 ', '172.16.0.0/12'],
    ['fd12:3456:789a::/48', 'fd12:3456:789a::/48'],
    ['FD12:3456:789A:1::7/64', 'fd12:3456:789a:1::/64'],
  ])('accepts the LAN %s, stored as %s', (typed, stored) => {
    expect(checkPrinterNetwork(typed, closed)).toEqual({ ok: true, cidr: stored });
  });

  it.each([
    ['127.0.0.0/8', /overlaps 127\.0\.0\.0\/8/],
    ['127.0.0.1', /overlaps 127\.0\.0\.0\/8/],
    ['169.254.169.254', /overlaps 169\.254\.0\.0\/16/],
    ['169.254.0.0/16', /overlaps 169\.254\.0\.0\/16/],
    ['100.100.100.200', /overlaps 100\.64\.0\.0\/10/],
    ['0.0.0.0/0', /at most a \/8/],
    ['0.0.0.0/8', /overlaps 0\.0\.0\.0\/8/],
    ['224.0.0.0/8', /overlaps 224\.0\.0\.0\/4/],
    ['255.255.255.255', /overlaps 240\.0\.0\.0\/4/],
    ['::1', /overlaps ::\/96/],
    ['::ffff:10.0.0.1', /address and prefix/],
    ['::ffff:a00:1/128', /overlaps ::ffff:0:0\/96/],
    ['fe80::1', /overlaps fe80::\/10/],
    ['fd00:ec2::/32', /overlaps fd00:ec2::254\/128/],
    ['fc00::/7', /at most a \/32/],
    ['10.0.0.0/33', /address and prefix/],
    ['010.0.0.0/8', /address and prefix/],
    ['printer.local', /address and prefix/],
    ['10.0.0.0/8/1', /address and prefix/],
  ])('refuses %s', (typed, message) => {
    const check = checkPrinterNetwork(typed, closed);
    expect(check.ok).toBe(false);
    expect(check.ok ? '' : check.message).toMatch(message);
  });

  it('allows 127.0.0.0/8 only with the development setting, never ::1 or metadata ranges', () => {
    expect(checkPrinterNetwork('127.0.0.1/32', dev)).toEqual({ ok: true, cidr: '127.0.0.1/32' });
    expect(checkPrinterNetwork('127.0.0.0/8', dev)).toEqual({ ok: true, cidr: '127.0.0.0/8' });
    expect(checkPrinterNetwork('::1', dev).ok).toBe(false);
    expect(checkPrinterNetwork('169.254.169.254', dev).ok).toBe(false);
  });

  it('an address is allowed only inside a listed network still open under the policy', () => {
    const networks = ['10.20.0.0/16', '127.0.0.1/32'];
    expect(isAllowedPrinterAddress('10.20.9.9', networks, closed)).toBe(true);
    expect(isAllowedPrinterAddress('10.21.0.1', networks, closed)).toBe(false);
    // Listed while the development setting was on, closed once it is off.
    expect(isAllowedPrinterAddress('127.0.0.1', networks, dev)).toBe(true);
    expect(isAllowedPrinterAddress('127.0.0.1', networks, closed)).toBe(false);
    expect(isAllowedPrinterAddress('not an address', networks, dev)).toBe(false);
  });
});

describe('printer address', () => {
  it('a name resolves once and every address it gives must be allow-listed', async () => {
    const resolve = async (name: string) =>
      name === 'zebra-1.lan' ? [{ address: '10.20.0.7' }] : [{ address: '10.20.0.8' }, { address: '169.254.169.254' }];
    const networks = ['10.20.0.0/16'];
    expect(await checkPrinterAddress('zebra-1.lan', networks, { ...closed, resolve })).toEqual({
      ok: true,
      address: '10.20.0.7',
    });
    expect(await checkPrinterAddress('mixed.lan', networks, { ...closed, resolve })).toEqual({
      ok: false,
      message: "169.254.169.254 is not in this warehouse's printer networks: an admin adds its network first.",
    });
    expect(await checkPrinterAddress('10.30.0.1', networks, closed)).toMatchObject({ ok: false });
    expect(await checkPrinterAddress('printer.invalid', networks, closed)).toEqual({
      ok: false,
      message: 'printer.invalid does not resolve to an address.',
    });
  });
});

describe('raw ZPL over TCP', () => {
  it('a local listener receives the carton label byte for byte, and its render decodes to the SSCC', async () => {
    const printer = await startPrinterListener();
    try {
      const sscc = buildSscc(3, '0614141', 42);
      const zpl = cartonLabelZpl({
        sscc,
        shipFrom: ['Alpha DC'],
        shipTo: ['Jane Customer'],
        orderNumber: 'ORD-1',
        reference: null,
        cartonNumber: 1,
        cartonCount: 1,
        weightG: 500,
      });
      await sendRaw({ address: '127.0.0.1', port: printer.port, host: '127.0.0.1' }, Buffer.from(zpl), 2000);
      const job = await printer.received();
      expect(job.toString('utf8')).toBe(zpl);
      expect(await zplSymbols(job.toString('utf8'))).toEqual([[{ type: 'CODE-128', data: `00${sscc}`, gs1: true }]]);
    } finally {
      await printer.close();
    }
  });

  it('a printer that refuses the connection is one clear error naming it', async () => {
    const port = await closedPort();
    await expect(
      sendRaw({ address: '127.0.0.1', port, host: 'zebra-1.lan' }, Buffer.from('^XA^XZ'), 2000),
    ).rejects.toEqual(new PrinterUnreachableError(`The printer at zebra-1.lan:${port} did not answer.`));
  });
});
