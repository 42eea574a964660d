/**
 * The odometer calls of decision 050 (HTTP only; the rules live in odometer.service): a vehicle's
 * history, a reading entered alone, and fixing, confirming or deleting any reading.
 */
import { messageSchema } from '@contract/schemas/accounts';
import { idSchema } from '@contract/schemas/common';
import {
  odometerHistorySchema,
  odometerPageQuerySchema,
  odometerReadingInputSchema,
  odometerReadingSchema,
  odometerReadingUpdateSchema,
} from '@contract/schemas/odometer';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SIGNED_IN } from '../../plugins/api-description';
import { requireSessionUser, requireUserId } from '../../plugins/session';
import type { OdometerService } from './odometer.service';

const TAGS = ['Odometer'];

const vehicleParamsSchema = z.object({ vehicleId: idSchema });
const readingParamsSchema = z.object({ id: idSchema });

export const odometerRoutes =
  ({ odometer }: { odometer: OdometerService }): FastifyPluginAsyncZod =>
  async (app) => {
    // Signed-in only, and said first: a signed-out call learns nothing from validation.
    app.addHook('onRequest', async (request) => {
      requireUserId(request);
    });

    app.get(
      '/api/vehicles/:vehicleId/odometer',
      {
        schema: {
          summary:
            'Lists a page of the vehicle’s odometer readings, newest first, flagged ones marked, with the current reading and today’s estimate.',
          tags: TAGS,
          security: SIGNED_IN,
          params: vehicleParamsSchema,
          querystring: odometerPageQuerySchema,
          response: { 200: odometerHistorySchema },
        },
      },
      async (request) =>
        odometer.listReadings(requireSessionUser(request), request.params.vehicleId, request.query),
    );

    app.post(
      '/api/vehicles/:vehicleId/odometer',
      {
        schema: {
          summary: 'Adds an odometer reading entered alone.',
          tags: TAGS,
          security: SIGNED_IN,
          params: vehicleParamsSchema,
          body: odometerReadingInputSchema,
          response: { 201: odometerReadingSchema },
        },
        config: { ruleAnswers: [409] },
      },
      async (request, reply) => {
        const reading = await odometer.addReading(
          requireUserId(request),
          request.params.vehicleId,
          request.body,
        );
        return reply.status(201).send(reading);
      },
    );

    app.patch(
      '/api/odometer/:id',
      {
        schema: {
          summary:
            'Fixes a reading (and the fill-up or record it came with) or confirms it as right.',
          tags: TAGS,
          security: SIGNED_IN,
          params: readingParamsSchema,
          body: odometerReadingUpdateSchema,
          response: { 200: odometerReadingSchema },
        },
        config: { ruleAnswers: [409] },
      },
      async (request) =>
        odometer.updateReading(requireUserId(request), request.params.id, request.body),
    );

    app.delete(
      '/api/odometer/:id',
      {
        schema: {
          summary:
            'Deletes a reading; one that came with a fill-up or a record clears its odometer.',
          tags: TAGS,
          security: SIGNED_IN,
          params: readingParamsSchema,
          response: { 200: messageSchema },
        },
      },
      async (request) => odometer.deleteReading(requireUserId(request), request.params.id),
    );
  };
