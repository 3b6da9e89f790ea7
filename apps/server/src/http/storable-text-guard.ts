import { findUnstorableText, TEXT_INVALID_CHARACTERS } from '@wms/contract/text';
import type { FastifyRequest } from 'fastify';
import { fieldError } from './errors';

/**
 * Refuses NUL and unpaired surrogates anywhere in a request's path, query or JSON body (422 on the field), before
 * any schema or handler runs. The shared text schemas refuse them too; this guard covers every route, including
 * one whose schema uses a plain string, because the database cannot store either (it would answer 500).
 */
export async function refuseUnstorableText(request: FastifyRequest): Promise<void> {
  for (const source of [request.params, request.query, request.body]) {
    const path = findUnstorableText(source);
    if (path) throw fieldError(path.join('.') || '_', TEXT_INVALID_CHARACTERS);
  }
}
