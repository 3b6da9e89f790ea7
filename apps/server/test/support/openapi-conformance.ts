import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/**
 * Every response the API tests receive is checked against the OpenAPI document the server publishes: the status
 * must be declared for that operation, the content type must be one it declares, and a JSON body must match the
 * declared schema. One hook in the test helper, so every route, present or future, is held to its document.
 * Validators are compiled once per test file (per document), and only for the answers the tests meet.
 */

type JsonObject = Record<string, unknown>;
interface ResponseObject {
  $ref?: string;
  content?: Record<string, { schema?: unknown }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, ResponseObject> }>>;
  components?: { responses?: Record<string, ResponseObject> };
}

export interface RouteKey {
  method: string;
  /** Fastify's route pattern, e.g. /api/users/:id. */
  url: string;
}

const DOCUMENT_ID = 'openapi';

/** JSON pointer segment, URI-encoded for use in a `$ref` fragment. */
const pointerSegment = (segment: string) => encodeURIComponent(segment.replaceAll('~', '~0').replaceAll('/', '~1'));

/** /api/users/:id → /api/users/{id} (the document's spelling). */
const documentPath = (routeUrl: string) => routeUrl.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const mediaTypeOf = (header: unknown) =>
  String(header ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();

const isJson = (mediaType: string) => mediaType === 'application/json' || mediaType.endsWith('+json');

class ConformanceChecker {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly document: OpenApiDocument) {
    addFormats(this.ajv);
    this.ajv.addFormat('binary', true);
    this.ajv.addSchema(document as unknown as JsonObject, DOCUMENT_ID);
  }

  check(route: RouteKey, response: LightMyRequestResponse): void {
    const path = documentPath(route.url);
    const method = route.method.toLowerCase();
    const operation = this.document.paths[path]?.[method];
    // Routes outside the document (hidden ones: the document itself, its UI) have nothing to match.
    if (!operation) return;
    const where = `${route.method} ${path} answered ${response.statusCode}`;
    const status = String(response.statusCode);
    const declaredStatus = [status, `${status[0]}XX`, 'default'].find((key) => operation.responses?.[key]);
    if (!declaredStatus) {
      throw new Error(`OpenAPI: ${where}, a status the document does not declare. Body: ${snippet(response)}`);
    }
    let pointer = `/paths/${pointerSegment(path)}/${method}/responses/${pointerSegment(declaredStatus)}`;
    let declared = operation.responses![declaredStatus]!;
    if (declared.$ref) {
      const name = declared.$ref.replace('#/components/responses/', '');
      declared = this.document.components?.responses?.[name] ?? {};
      pointer = `/components/responses/${pointerSegment(name)}`;
    }
    if (response.rawPayload.length === 0) {
      if (declared.content && response.statusCode !== 204) throw new Error(`OpenAPI: ${where} with an empty body`);
      return;
    }
    const mediaType = mediaTypeOf(response.headers['content-type']);
    const content = declared.content ?? {};
    const declaredType = [mediaType, `${mediaType.split('/')[0]}/*`, '*/*'].find((type) => content[type]);
    if (!declaredType) {
      throw new Error(`OpenAPI: ${where} as ${mediaType || 'no content type'}; declared: ${Object.keys(content)}`);
    }
    if (!isJson(mediaType) || !content[declaredType]?.schema) return;
    const validate = this.validator(`${pointer}/content/${pointerSegment(declaredType)}/schema`);
    const body = JSON.parse(decodedBody(response));
    if (!validate(body)) {
      const problems = this.ajv.errorsText(validate.errors, { dataVar: 'body', separator: '; ' });
      throw new Error(
        `OpenAPI: ${where} with a body that does not match its schema: ${problems}. ${snippet(response)}`,
      );
    }
  }

  private validator(pointer: string): ValidateFunction {
    let validate = this.validators.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${DOCUMENT_ID}#${pointer}` });
      this.validators.set(pointer, validate);
    }
    return validate;
  }
}

/** The body as sent before any Content-Encoding (the API compresses large answers for clients that accept it). */
function decodedBody(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString();
  return response.payload;
}

const snippet = (response: LightMyRequestResponse) => decodedBody(response).slice(0, 500);

let cached: { configKey: string; checker: ConformanceChecker } | undefined;

/**
 * The checker for this app's document, built once per worker and config. The document is a function of the code and
 * the app's config alone, so the config is the cache key: generating the document (`app.swagger()`) cost ≈ 180 ms of
 * every test file's set-up, and a worker runs dozens of files with the default config. Without a config: a checker
 * of its own, from the app's document.
 */
export function conformanceChecker(app: FastifyInstance, config?: object): ConformanceChecker {
  if (!config) return new ConformanceChecker(app.swagger() as unknown as OpenApiDocument);
  const configKey = JSON.stringify(config);
  if (cached?.configKey !== configKey) {
    cached = { configKey, checker: new ConformanceChecker(app.swagger() as unknown as OpenApiDocument) };
  }
  return cached.checker;
}

/**
 * Remembers which route served each request, so the response can be matched to its operation: an onRequest hook
 * keyed by the raw request object that light-my-request hands back with the response.
 */
export function trackRoutes(app: FastifyInstance): (response: LightMyRequestResponse) => RouteKey | undefined {
  const routes = new WeakMap<object, RouteKey>();
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (url) routes.set(request.raw, { method: request.method, url });
  });
  return (response) => routes.get(response.raw.req);
}
