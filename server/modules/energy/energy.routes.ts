/**
 * The fuel and charging calls of decision 050 (HTTP only; the rules live in energy.service): a
 * vehicle's entries in pages, one entry's reads and writes, and the vehicle's economy.
 */
import { messageSchema } from '@contract/schemas/accounts';
import { idSchema } from '@contract/schemas/common';
import {
  economyQuerySchema,
  economySchema,
  energyEntryInputSchema,
  energyEntryPageSchema,
  energyEntrySchema,
  energyEntryUpdateSchema,
  energyPageQuerySchema,
} from '@contract/schemas/energy';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SIGNED_IN } from '../../plugins/api-description';
import { requireSessionUser, requireUserId } from '../../plugins/session';
import type { EnergyService } from './energy.service';

const TAGS = ['Fuel & energy'];

const vehicleParamsSchema = z.object({ vehicleId: idSchema });
const entryParamsSchema = z.object({ id: idSchema });

export const energyRoutes =
  ({ energy }: { energy: EnergyService }): FastifyPluginAsyncZod =>
  async (app) => {
    // Signed-in only, and said first: a signed-out call learns nothing from validation.
    app.addHook('onRequest', async (request) => {
      requireUserId(request);
    });

    app.get(
      '/api/vehicles/:vehicleId/energy',
      {
        schema: {
          summary:
            'Lists a page of the vehicle’s fill-ups and charges, newest first; `nextCursor` asks for the next page.',
          tags: TAGS,
          security: SIGNED_IN,
          params: vehicleParamsSchema,
          querystring: energyPageQuerySchema,
          response: { 200: energyEntryPageSchema },
        },
      },
      async (request) =>
        energy.listEntries(requireSessionUser(request), request.params.vehicleId, request.query),
    );

    app.post(
      '/api/vehicles/:vehicleId/energy',
      {
        schema: {
          summary:
            'Logs a fill-up or a charge: any two of quantity, price per unit and total cost, the third is derived.',
          tags: TAGS,
          security: SIGNED_IN,
          params: vehicleParamsSchema,
          body: energyEntryInputSchema,
          response: { 201: energyEntrySchema },
        },
        config: { ruleAnswers: [402, 409] },
      },
      async (request, reply) => {
        const entry = await energy.createEntry(
          requireUserId(request),
          request.params.vehicleId,
          request.body,
        );
        return reply.status(201).send(entry);
      },
    );

    app.get(
      '/api/vehicles/:vehicleId/economy',
      {
        schema: {
          summary:
            'Answers the vehicle’s economy over a period: per energy its spans, averages and totals, and the cost per distance, in the user’s units.',
          tags: TAGS,
          security: SIGNED_IN,
          params: vehicleParamsSchema,
          querystring: economyQuerySchema,
          response: { 200: economySchema },
        },
      },
      async (request) =>
        energy.getEconomy(requireSessionUser(request), request.params.vehicleId, request.query),
    );

    app.get(
      '/api/energy/:id',
      {
        schema: {
          summary: 'Answers one fill-up or charge.',
          tags: TAGS,
          security: SIGNED_IN,
          params: entryParamsSchema,
          response: { 200: energyEntrySchema },
        },
      },
      async (request) => energy.getEntry(requireUserId(request), request.params.id),
    );

    app.patch(
      '/api/energy/:id',
      {
        schema: {
          summary: 'Changes a fill-up or a charge: a field left out stays as it is.',
          tags: TAGS,
          security: SIGNED_IN,
          params: entryParamsSchema,
          body: energyEntryUpdateSchema,
          response: { 200: energyEntrySchema },
        },
        config: { ruleAnswers: [409] },
      },
      async (request) =>
        energy.updateEntry(requireUserId(request), request.params.id, request.body),
    );

    app.delete(
      '/api/energy/:id',
      {
        schema: {
          summary: 'Deletes a fill-up or a charge with its odometer reading and receipt.',
          tags: TAGS,
          security: SIGNED_IN,
          params: entryParamsSchema,
          response: { 200: messageSchema },
        },
      },
      async (request) => energy.deleteEntry(requireUserId(request), request.params.id),
    );
  };
