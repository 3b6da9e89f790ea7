import { idParams } from '@wms/contract/ids';
import {
  PACKING_MESSAGES,
  packingStationInputSchema,
  packingStationListResponse,
  packingStationSavedResponse,
  printerNetworkInputSchema,
  printerNetworkListResponse,
  printerNetworkSavedResponse,
  stationPrintResponse,
  stationPrintSchema,
} from '@wms/contract/packing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../../auth/request-auth';
import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import type { FileStorage } from '../../../files/file-storage';
import {
  addNetwork,
  createStation,
  deactivateStation,
  listNetworks,
  listStations,
  removeNetwork,
  updateStation,
} from './packing-stations-service';
import { printAtStation } from './station-printing';

const tags = ['packing'];
const messageResponse = z.object({ message: z.string() });
const stationListQuery = z.object({ include_inactive: z.enum(['true', 'false']).optional() });

export interface PackingStationsRoutesOptions {
  db: Database;
  storage: FileStorage;
  config: Pick<Config, 'PRINTER_ALLOW_LOOPBACK' | 'PRINTER_TIMEOUT_MS'>;
}

/**
 * Packing stations (per warehouse, scoped like locations), the warehouse's printer networks (the allow-list a
 * printer address must fall in), and printing a document at a station's network printer. `manage packing stations`
 * writes (managers within their warehouses); packers read stations and print.
 */
export const packingStationsRoutes: FastifyPluginAsyncZod<PackingStationsRoutesOptions> = async (
  app,
  { db, storage, config },
) => {
  const policy = { allowLoopback: config.PRINTER_ALLOW_LOOPBACK };

  app.get(
    '/warehouses/:id/packing-stations',
    {
      config: { permission: 'pack' },
      schema: {
        summary: "List a warehouse's packing stations",
        description: 'For packers, who choose the station they stand at (its printer prints their documents).',
        operationId: 'listPackingStations',
        tags,
        params: idParams,
        querystring: stationListQuery,
        response: { 200: packingStationListResponse },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const includeInactive = request.query.include_inactive === 'true';
      return { data: await listStations(db, auth, request.params.id, includeInactive) };
    },
  );

  app.post(
    '/warehouses/:id/packing-stations',
    {
      config: { permission: 'manage packing stations' },
      schema: {
        summary: 'Create a packing station',
        description:
          "A printer station's address must lie in the warehouse's printer networks (422 on `printer_host` otherwise).",
        operationId: 'createPackingStation',
        tags,
        params: idParams,
        body: packingStationInputSchema,
        response: { 201: packingStationSavedResponse },
      },
    },
    async (request, reply) => {
      const data = await createStation(db, requireAuth(request.auth), request.params.id, request.body, policy);
      return reply.status(201).send({ data, message: PACKING_MESSAGES.stationCreated });
    },
  );

  app.put(
    '/packing-stations/:id',
    {
      config: { permission: 'manage packing stations' },
      schema: {
        summary: 'Update a packing station',
        operationId: 'updatePackingStation',
        tags,
        params: idParams,
        body: packingStationInputSchema,
        response: { 200: packingStationSavedResponse },
      },
    },
    async (request) => {
      const data = await updateStation(db, requireAuth(request.auth), request.params.id, request.body, policy);
      return { data, message: PACKING_MESSAGES.stationUpdated };
    },
  );

  app.delete(
    '/packing-stations/:id',
    {
      config: { permission: 'manage packing stations' },
      schema: {
        summary: 'Deactivate a packing station',
        description: 'Stations are kept (past packing sessions name them); PUT with `active: true` brings one back.',
        operationId: 'deactivatePackingStation',
        tags,
        params: idParams,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await deactivateStation(db, requireAuth(request.auth), request.params.id);
      return { message: PACKING_MESSAGES.stationDeactivated };
    },
  );

  app.get(
    '/warehouses/:id/printer-networks',
    {
      config: { permission: 'manage packing stations' },
      schema: {
        summary: "List a warehouse's printer networks",
        operationId: 'listPrinterNetworks',
        tags,
        params: idParams,
        response: { 200: printerNetworkListResponse },
      },
    },
    async (request) => ({ data: await listNetworks(db, requireAuth(request.auth), request.params.id) }),
  );

  app.post(
    '/warehouses/:id/printer-networks',
    {
      config: { permission: 'manage packing stations' },
      schema: {
        summary: 'Allow a network (CIDR) for printers',
        description:
          'The server opens TCP connections into the warehouse LAN only to addresses in these networks. Loopback, link-local (cloud metadata), multicast, reserved and IPv4-embedding IPv6 ranges are refused, as is anything wider than a /8 (IPv4) or /32 (IPv6).',
        operationId: 'addPrinterNetwork',
        tags,
        params: idParams,
        body: printerNetworkInputSchema,
        response: { 201: printerNetworkSavedResponse },
      },
    },
    async (request, reply) => {
      const body = { cidr: request.body.cidr, note: request.body.note ?? '' };
      const data = await addNetwork(db, requireAuth(request.auth), request.params.id, body, policy);
      return reply.status(201).send({ data, message: PACKING_MESSAGES.networkAdded });
    },
  );

  app.delete(
    '/printer-networks/:id',
    {
      config: { permission: 'manage packing stations' },
      schema: {
        summary: 'Remove a printer network',
        description: 'Printers in it can no longer be printed to (checked at every print).',
        operationId: 'removePrinterNetwork',
        tags,
        params: idParams,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await removeNetwork(db, requireAuth(request.auth), request.params.id);
      return { message: PACKING_MESSAGES.networkRemoved };
    },
  );

  app.post(
    '/packing-stations/:id/print',
    {
      config: { permission: 'pack' },
      schema: {
        summary: "Print a packing document on the station's network printer",
        description:
          "Raw ZPL over TCP to the station's printer: the carton label, the packing slip as a 4×6 text layout, or the order's newest uploaded shipping label rasterised into a ^GFA graphic. 422 for a browser station (open the PDF instead) or a printer outside the warehouse's networks; 502 when the printer does not answer.",
        operationId: 'printAtPackingStation',
        tags,
        params: idParams,
        body: stationPrintSchema,
        response: { 200: stationPrintResponse, 502: messageResponse },
      },
    },
    async (request) =>
      printAtStation(db, storage, requireAuth(request.auth), request.params.id, request.body, {
        allowLoopback: config.PRINTER_ALLOW_LOOPBACK,
        timeoutMs: config.PRINTER_TIMEOUT_MS,
      }),
  );
};
