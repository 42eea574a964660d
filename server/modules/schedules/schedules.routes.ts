/**
 * The service schedule calls of decision 054 (HTTP only; the rules live in schedules.service): a
 * vehicle's schedules, one schedule, adding, changing, deleting and completing one.
 */
import { messageSchema } from '@contract/schemas/accounts';
import { idSchema } from '@contract/schemas/common';
import {
  scheduleCompletedSchema,
  scheduleCompletionSchema,
  scheduleInputSchema,
  scheduleSchema,
  schedulesSchema,
  scheduleUpdateSchema,
} from '@contract/schemas/schedules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SIGNED_IN } from '../../plugins/api-description';
import { requireUserId } from '../../plugins/session';
import type { SchedulesService } from './schedules.service';

const TAGS = ['Schedules'];

const vehicleParamsSchema = z.object({ vehicleId: idSchema });
const scheduleParamsSchema = z.object({ id: idSchema });

export const schedulesRoutes =
  ({ schedules }: { schedules: SchedulesService }): FastifyPluginAsyncZod =>
  async (app) => {
    // Signed-in only, and said first: a signed-out call learns nothing from validation.
    app.addHook('onRequest', async (request) => {
      requireUserId(request);
    });

    app.get(
      '/api/vehicles/:vehicleId/schedules',
      {
        schema: {
          summary:
            'Lists the vehicle’s service schedules, each with its next due point, predicted date and state.',
          tags: TAGS,
          security: SIGNED_IN,
          params: vehicleParamsSchema,
          response: { 200: schedulesSchema },
        },
      },
      async (request) =>
        schedules.listVehicleSchedules(requireUserId(request), request.params.vehicleId),
    );

    app.post(
      '/api/vehicles/:vehicleId/schedules',
      {
        schema: {
          summary:
            'Adds a service schedule; without a first due point it counts from today and the current odometer.',
          tags: TAGS,
          security: SIGNED_IN,
          params: vehicleParamsSchema,
          body: scheduleInputSchema,
          response: { 201: scheduleSchema },
        },
        // D50: a schedule, and a completion's record, count as records on a limited plan.
        config: { ruleAnswers: [402] },
      },
      async (request, reply) => {
        const schedule = await schedules.createSchedule(
          requireUserId(request),
          request.params.vehicleId,
          request.body,
        );
        return reply.status(201).send(schedule);
      },
    );

    app.get(
      '/api/schedules/:id',
      {
        schema: {
          summary: 'Answers one service schedule.',
          tags: TAGS,
          security: SIGNED_IN,
          params: scheduleParamsSchema,
          response: { 200: scheduleSchema },
        },
      },
      async (request) => schedules.getSchedule(requireUserId(request), request.params.id),
    );

    app.patch(
      '/api/schedules/:id',
      {
        schema: {
          summary: 'Changes a service schedule; a field left out stays as it is.',
          tags: TAGS,
          security: SIGNED_IN,
          params: scheduleParamsSchema,
          body: scheduleUpdateSchema,
          response: { 200: scheduleSchema },
        },
      },
      async (request) =>
        schedules.updateSchedule(requireUserId(request), request.params.id, request.body),
    );

    app.delete(
      '/api/schedules/:id',
      {
        schema: {
          summary: 'Deletes a service schedule; the records that completed it stay.',
          tags: TAGS,
          security: SIGNED_IN,
          params: scheduleParamsSchema,
          response: { 200: messageSchema },
        },
      },
      async (request) => schedules.deleteSchedule(requireUserId(request), request.params.id),
    );

    app.post(
      '/api/schedules/:id/complete',
      {
        schema: {
          summary:
            'Completes a service schedule: adds the maintenance record of what was done and moves the schedule on from it.',
          tags: TAGS,
          security: SIGNED_IN,
          params: scheduleParamsSchema,
          body: scheduleCompletionSchema,
          response: { 201: scheduleCompletedSchema },
        },
        // D50: a schedule, and a completion's record, count as records on a limited plan.
        config: { ruleAnswers: [402] },
      },
      async (request, reply) => {
        const completed = await schedules.completeSchedule(
          requireUserId(request),
          request.params.id,
          request.body,
        );
        return reply.status(201).send(completed);
      },
    );
  };
