import { SERVER_MESSAGES, VALIDATION } from '@wms/contract/messages';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { clientErrorOfDatabase } from './database-errors';
import { type FieldErrors, HttpError } from './errors';
import { clientErrorOfMultipart } from './multipart-errors';

/** DESIGN §5 error shapes: {message} for every status, plus {errors} on 422; never internals on 500. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: FieldErrors = {};
    for (const issue of error.validation) {
      const field = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || '_';
      const message = issue.message ?? VALIDATION.failed;
      const messages = errors[field] ?? [];
      if (!messages.includes(message)) errors[field] = [...messages, message];
    }
    const first = Object.values(errors).flat()[0];
    return reply.status(422).send({ message: first ?? VALIDATION.failed, errors });
  }
  const upload = clientErrorOfMultipart(error);
  if (upload) return reply.status(upload.statusCode).send({ message: upload.message });
  const known = error instanceof HttpError ? error : clientErrorOfDatabase(error);
  if (known) {
    if (!(error instanceof HttpError)) request.log.warn({ err: error }, 'database refused a request');
    return reply
      .status(known.statusCode)
      .send(known.errors ? { message: known.message, errors: known.errors } : { message: known.message });
  }
  const status = error.statusCode ?? 500;
  if (status === 429) return reply.status(429).send({ message: SERVER_MESSAGES.tooManyRequests });
  if (status >= 400 && status < 500) return reply.status(status).send({ message: clientMessage(error) });
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send({ message: SERVER_MESSAGES.serverError });
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return SERVER_MESSAGES.bodyTooLarge;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return SERVER_MESSAGES.unsupportedContentType;
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return SERVER_MESSAGES.invalidJson;
    default:
      return error.message;
  }
}
