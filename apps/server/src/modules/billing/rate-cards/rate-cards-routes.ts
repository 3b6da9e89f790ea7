import { idParams } from '@wms/contract/ids';
import {
  RATE_CARD_MESSAGES,
  rateCardCreateSchema,
  rateCardListResponse,
  rateCardResponse,
  rateCardSavedResponse,
  rateCardVersionInputSchema,
} from '@wms/contract/rate-cards';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import { createRateCard, getRateCard, listRateCards, saveRateCardVersion } from './rate-cards-service';

/**
 * Rate cards: billing data read and written by staff holding `manage billing` (administrators by
 * default). Each card follows its account's scope, and the default card needs a caller who sees every account:
 * the service applies both.
 */
export const rateCardsRoutes: FastifyPluginAsyncZod<{ db: Database; currency: string }> = async (
  app,
  { db, currency },
) => {
  app.get(
    '/rate-cards',
    {
      config: { permission: 'manage billing' },
      schema: {
        summary: 'List rate cards: the default card, then account cards, each with its versions',
        operationId: 'listRateCards',
        tags: ['billing'],
        response: { 200: rateCardListResponse },
      },
    },
    async (request) => ({ rate_cards: await listRateCards(db, requireAuth(request.auth)), currency }),
  );

  app.post(
    '/rate-cards',
    {
      config: { permission: 'manage billing' },
      schema: {
        summary: "Create an account's rate card (its rates override the default card's)",
        operationId: 'createRateCard',
        tags: ['billing'],
        body: rateCardCreateSchema,
        response: { 201: rateCardSavedResponse },
      },
    },
    async (request, reply) => {
      const rateCard = await createRateCard(db, requireAuth(request.auth), request.body.account_id);
      return reply.status(201).send({ rate_card: rateCard, message: RATE_CARD_MESSAGES.created });
    },
  );

  app.get(
    '/rate-cards/:id',
    {
      config: { permission: 'manage billing' },
      schema: {
        summary: 'Get a rate card with its versions',
        operationId: 'getRateCard',
        tags: ['billing'],
        params: idParams,
        response: { 200: rateCardResponse },
      },
    },
    async (request) => ({ rate_card: await getRateCard(db, requireAuth(request.auth), request.params.id) }),
  );

  app.put(
    '/rate-cards/:id',
    {
      config: { permission: 'manage billing' },
      schema: {
        summary: 'Add a version of the rates from an effective date (today or later), or edit one not yet in force',
        operationId: 'saveRateCardVersion',
        tags: ['billing'],
        params: idParams,
        body: rateCardVersionInputSchema,
        response: { 200: rateCardSavedResponse },
      },
    },
    async (request) => ({
      rate_card: await saveRateCardVersion(db, requireAuth(request.auth), request.params.id, request.body),
      message: RATE_CARD_MESSAGES.saved,
    }),
  );
};
