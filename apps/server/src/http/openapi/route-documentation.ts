import type { SwaggerOptions } from '@fastify/swagger';
import { errorResponseSchema, validationErrorResponseSchema } from '@wms/contract/errors';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_WINDOW_HOURS,
  IDEMPOTENT_REPLAY_HEADER,
} from '@wms/contract/idempotency';
import type { FastifyContextConfig } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';
import { isStandardErrorStatus, STANDARD_ERRORS, standardErrorStatuses } from './standard-errors';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Documentation only: the fields of a multipart/form-data body (files as `uploadedFile()`). Multipart routes read
     * their parts themselves, so Fastify must not validate a body; the document still has to describe it.
     */
    multipart?: ZodType;
  }
}

/** Tag descriptions of the areas (DESIGN §3); a tag not listed here is still published, without one. */
const AREA_DESCRIPTIONS: Record<string, string> = {
  auth: 'Sign-in, registration and the signed-in user',
  profile: 'The signed-in user’s settings: personal info, password, avatar',
  files: 'Stored files (avatars, labels, merged PDFs)',
  health: 'Liveness and database reachability',
  users: 'Users and their warehouse assignments',
  roles: 'Roles and their permission sets',
  accounts: 'Client accounts and their warehouse links',
  warehouses: 'Warehouses, their users and statistics',
  shippers: 'Carriers shared by every account',
  products: 'The catalogue: products, imports, exports, copies',
  inventory: 'Stock per product, warehouse and account, and its ledger',
  statuses: 'Configurable order statuses',
  orders: 'Orders and their lifecycle',
  drafts: 'Order drafts and bulk order creation',
  'order-imports': 'Order imports from spreadsheets',
  labels: 'Shipping labels',
  'merge-items': 'Merged order items',
  inquiries: 'Support inquiries',
  shipments: 'Inbound shipments',
  dashboard: 'Dashboard figures and recent activity',
  activity: 'Activity history',
  'api-keys': 'API keys: machine credentials for integrations',
  'cycle-counts': 'Cycle counts: blind counts of locations, reviewed and approved into the ledger',
  floor: 'The handheld on the floor: refused offline actions handed to the warehouse’s supervisors',
  picking:
    'Picking waves on the floor: taking a wave, totes, confirming and shorting tasks, pick lists, hospital locations',
  packing:
    'The packing station: settings, carton types, scanning units into cartons, closing them with SSCCs, and Ship',
};

/** The optional `Idempotency-Key` header of the writes that honour it (README "Idempotent writes"). */
const IDEMPOTENCY_HEADER_SCHEMA = {
  type: 'object',
  properties: {
    [IDEMPOTENCY_HEADER]: {
      type: 'string',
      minLength: 1,
      maxLength: IDEMPOTENCY_KEY_MAX_LENGTH,
      description: `Any unique value (a UUID). Within ${IDEMPOTENCY_WINDOW_HOURS} h, the same key and request answer the first answer again (header \`${IDEMPOTENT_REPLAY_HEADER}: true\`) without doing the work twice; the same key with another request answers 422.`,
    },
  },
};

/** Descriptions of success answers a route leaves undescribed (@fastify/swagger would say "Default Response"). */
const STATUS_TEXTS: Record<string, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No content' };

/** Operation key the transform leaves for `finishDocument`, which turns it into shared response references. */
const STANDARD_ERRORS_KEY = 'x-wms-standard-errors';
const OPENAPI_VERSION = '3.1.0';

type Transform = NonNullable<Extract<SwaggerOptions, { mode?: 'dynamic' }>['transform']>;
type TransformObject = NonNullable<Extract<SwaggerOptions, { mode?: 'dynamic' }>['transformObject']>;
type JsonObject = Record<string, unknown>;

const toJsonSchema = (schema: ZodType, io: 'input' | 'output') => {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { target: 'draft-2020-12', io }) as JsonObject;
  return json;
};

const isSharedErrorSchema = (schema: unknown) =>
  schema === errorResponseSchema || schema === validationErrorResponseSchema;

/**
 * Per route, before the zod schemas become JSON Schema: public routes need no token (`security: []`); the
 * standard error answers are listed for `finishDocument`; a multipart body is described from `schema.multipart`;
 * responses a route declares with a shared error schema become references to the shared response too.
 */
export const documentRoute: Transform = (input) => {
  const { schema, route } = input;
  if (!schema || schema.hide || !route.url.startsWith('/api')) return jsonSchemaTransform(input as never);
  const { multipart, response, ...rest } = schema;
  if (schema.consumes?.includes('multipart/form-data') && !multipart) {
    throw new Error(`${route.method} ${route.url} takes multipart/form-data: describe its fields in schema.multipart`);
  }
  const permission = (route.config as FastifyContextConfig | undefined)?.permission;
  const errorStatuses = new Set<number>(
    standardErrorStatuses({
      method: route.method,
      url: route.url,
      permission,
      hasParams: Boolean(schema.params) || route.url.includes(':'),
      hasQuery: Boolean(schema.querystring),
      hasBody: Boolean(schema.body || multipart),
    }),
  );
  const ownResponses: Record<string, unknown> = {};
  for (const [status, responseSchema] of Object.entries((response ?? {}) as Record<string, unknown>)) {
    if (isSharedErrorSchema(responseSchema) && isStandardErrorStatus(status)) errorStatuses.add(Number(status));
    else ownResponses[status] = responseSchema;
  }
  const transformed = jsonSchemaTransform({
    ...input,
    schema: { ...rest, ...(response ? { response: ownResponses } : {}) },
  } as never) as { schema: JsonObject; url: string };
  transformed.schema[STANDARD_ERRORS_KEY] = [...errorStatuses].sort((a, b) => a - b);
  if (permission === 'public') transformed.schema.security = [];
  if (multipart) transformed.schema.body = toJsonSchema(multipart, 'input');
  if ((route.config as FastifyContextConfig | undefined)?.idempotent) {
    transformed.schema.headers = IDEMPOTENCY_HEADER_SCHEMA;
  }
  return transformed;
};

/**
 * The whole document, once routes are collected: the shared error schemas and responses, every operation's
 * standard errors as references to them (a route's own declaration for a status wins), and the tags in use.
 */
export const finishDocument: TransformObject = (input) => {
  const document = jsonSchemaTransformObject(input as never) as JsonObject & {
    paths?: Record<string, Record<string, JsonObject>>;
    components?: JsonObject & { schemas?: JsonObject };
  };
  const tags = new Set<string>();
  for (const pathItem of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(pathItem)) {
      for (const tag of (operation.tags as string[] | undefined) ?? []) tags.add(tag);
      const statuses = operation[STANDARD_ERRORS_KEY] as number[] | undefined;
      delete operation[STANDARD_ERRORS_KEY];
      const responses = (operation.responses ?? {}) as Record<string, JsonObject>;
      operation.responses = responses;
      for (const [status, answer] of Object.entries(responses)) {
        if (answer.description === 'Default Response') answer.description = STATUS_TEXTS[status] ?? 'Answer';
      }
      for (const status of statuses ?? []) {
        const shared = STANDARD_ERRORS[status as keyof typeof STANDARD_ERRORS];
        responses[status] ??= { $ref: `#/components/responses/${shared.name}` };
      }
    }
  }
  const errorResponses = Object.fromEntries(
    Object.entries(STANDARD_ERRORS).map(([status, { name, description }]) => [
      name,
      {
        description,
        content: {
          'application/json': {
            schema: { $ref: `#/components/schemas/${status === '422' ? 'ValidationError' : 'Error'}` },
          },
        },
      },
    ]),
  );
  return {
    ...document,
    openapi: OPENAPI_VERSION,
    tags: [...tags]
      .sort()
      .map((name) => ({ name, ...(AREA_DESCRIPTIONS[name] ? { description: AREA_DESCRIPTIONS[name] } : {}) })),
    components: {
      ...document.components,
      schemas: {
        ...document.components?.schemas,
        Error: toJsonSchema(errorResponseSchema, 'output'),
        ValidationError: toJsonSchema(validationErrorResponseSchema, 'output'),
      },
      responses: errorResponses,
    },
  };
};

/** The options of @fastify/swagger: OpenAPI 3.1 (JSON Schema 2020-12, so no `nullable`), bearer auth by default. */
export const openApiOptions: SwaggerOptions = {
  openapi: {
    openapi: OPENAPI_VERSION,
    info: {
      title: 'WMS API',
      version: '1.0.0',
      description:
        'Warehouse and order-fulfilment back office. Send `Authorization: Bearer <token>` from POST /api/login. ' +
        'Errors answer `{message}`, and 422 `{message, errors: {field: [messages]}}`.',
    },
    servers: [{ url: '/' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    security: [{ bearer: [] }],
  },
  transform: documentRoute,
  transformObject: finishDocument,
};
