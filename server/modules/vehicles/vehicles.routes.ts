/** The vehicle calls of 001 §7 (HTTP only; the rules live in vehicles.service). */
import { messageSchema } from '@contract/schemas/accounts';
import { idParamsSchema } from '@contract/schemas/common';
import {
  vehicleInputSchema,
  vehicleSchema,
  vehiclesSchema,
  vehicleUpdateSchema,
} from '@contract/schemas/vehicles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SIGNED_IN } from '../../plugins/api-description';
import { requireSessionUser, requireUserId } from '../../plugins/session';
import type { VehiclesService } from './vehicles.service';

const TAGS = ['Vehicles'];

export const vehiclesRoutes =
  ({ vehicles }: { vehicles: VehiclesService }): FastifyPluginAsyncZod =>
  async (app) => {
    // Signed-in only, and said first: a signed-out call learns nothing from validation.
    app.addHook('onRequest', async (request) => {
      requireUserId(request);
    });

    app.get(
      '/api/vehicles',
      {
        schema: {
          summary: 'Lists the vehicles of the garage.',
          tags: TAGS,
          security: SIGNED_IN,
          response: { 200: vehiclesSchema },
        },
      },
      async (request) => vehicles.listVehicles(requireSessionUser(request)),
    );

    app.post(
      '/api/vehicles',
      {
        schema: {
          summary: 'Adds a vehicle (the free plan allows a limited number).',
          tags: TAGS,
          security: SIGNED_IN,
          body: vehicleInputSchema,
          response: { 201: vehicleSchema },
        },
        config: { ruleAnswers: [402] },
      },
      async (request, reply) => {
        const vehicle = await vehicles.createVehicle(requireUserId(request), request.body);
        return reply.status(201).send(vehicle);
      },
    );

    app.get(
      '/api/vehicles/:id',
      {
        schema: {
          summary: 'Answers one vehicle.',
          tags: TAGS,
          security: SIGNED_IN,
          params: idParamsSchema,
          response: { 200: vehicleSchema },
        },
      },
      async (request) => vehicles.getVehicle(requireSessionUser(request), request.params.id),
    );

    app.put(
      '/api/vehicles/:id',
      {
        schema: {
          summary: 'Changes a vehicle.',
          tags: TAGS,
          security: SIGNED_IN,
          params: idParamsSchema,
          body: vehicleUpdateSchema,
          response: { 200: vehicleSchema },
        },
      },
      async (request) =>
        vehicles.updateVehicle(requireUserId(request), request.params.id, request.body),
    );

    app.delete(
      '/api/vehicles/:id',
      {
        schema: {
          summary: 'Deletes a vehicle with its records, images and files.',
          tags: TAGS,
          security: SIGNED_IN,
          params: idParamsSchema,
          response: { 200: messageSchema },
        },
      },
      async (request) => {
        await vehicles.deleteVehicle(requireUserId(request), request.params.id);
        return { message: 'Vehicle deleted' };
      },
    );
  };
