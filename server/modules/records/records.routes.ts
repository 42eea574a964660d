/**
 * The record calls of 001 §7 (HTTP only; the rules live in records.service). The three kinds'
 * paths are parallel, so they are registered in one loop over RECORD_KINDS: every path variant
 * the forms use exists for every kind (lists, creates, PUT and PATCH updates, the completion
 * toggles and deletes, user-wide and vehicle-scoped).
 */

import { RECORD_KINDS, RECORD_TYPES } from '@contract/records';
import { messageSchema } from '@contract/schemas/accounts';
import { idSchema } from '@contract/schemas/common';
import { documentPageQuerySchema, documentPageSchema } from '@contract/schemas/document-pages';
import {
  recordPageQuerySchema,
  recordPageSchema,
  vehicleRecordPageQuerySchema,
  vehicleRecordPageSchema,
} from '@contract/schemas/record-pages';
import {
  activityItemsSchema,
  documentsSchema,
  recordInputSchemas,
  recordSchema,
  recordsQuerySchema,
  recordsSchema,
  recordUpdateSchemas,
  unifiedRecordsSchema,
  upcomingItemsSchema,
  vehicleRecordInputSchemas,
} from '@contract/schemas/records';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SIGNED_IN } from '../../plugins/api-description';
import { requireSessionUser, requireUserId } from '../../plugins/session';
import type { RecordsService } from './records.service';
import type { UpcomingItemsReader } from './upcoming-items';

const TAGS = ['Records'];

const vehicleParamsSchema = z.object({ vehicleId: idSchema });
const recordParamsSchema = z.object({ id: idSchema });
const vehicleRecordParamsSchema = z.object({ vehicleId: idSchema, id: idSchema });

export const recordsRoutes =
  ({
    records,
    upcomingItems,
  }: {
    records: RecordsService;
    /** D18's open records with the service schedules' next occurrences (decision 054). */
    upcomingItems: UpcomingItemsReader;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    // Signed-in only, and said first: a signed-out call learns nothing from validation.
    app.addHook('onRequest', async (request) => {
      requireUserId(request);
    });

    /** 001 §3: every kind in one list, newest first; `?type=` narrows it to one kind. */
    app.get(
      '/api/records',
      {
        schema: {
          summary: 'Lists the records of every kind, newest first; `type` narrows it to one kind.',
          tags: TAGS,
          security: SIGNED_IN,
          querystring: recordsQuerySchema,
          response: { 200: unifiedRecordsSchema },
        },
      },
      async (request) => records.listUnifiedRecords(requireUserId(request), request.query.type),
    );

    /**
     * Decision 057: the unified list a page at a time, searched and filtered by the server, with
     * the type filter's counts. Registered beside `/api/records`, which stays whole (001 §7).
     */
    app.get(
      '/api/records/page',
      {
        schema: {
          summary:
            'Lists a page of the records of every kind, newest first, searched (`q`) and filtered by `type`, `vehicleId` and `status`, with the count of each type; `nextCursor` asks for the next page.',
          tags: TAGS,
          security: SIGNED_IN,
          querystring: recordPageQuerySchema,
          response: { 200: recordPageSchema },
        },
        config: { ruleAnswers: [404] },
      },
      async (request) => records.listRecordPage(requireUserId(request), request.query),
    );

    /**
     * D18: the user's open records of every kind, soonest due first; with them (decision 054),
     * each service schedule's next occurrence, ordered by its due or predicted date.
     */
    app.get(
      '/api/upcoming-maintenance',
      {
        schema: {
          summary:
            'Lists the open records of every kind and the next occurrence of each service schedule, soonest due first.',
          tags: TAGS,
          security: SIGNED_IN,
          response: { 200: upcomingItemsSchema },
        },
      },
      async (request) => upcomingItems(requireSessionUser(request)),
    );

    /** D19: the 10 newest events. */
    app.get(
      '/api/recent-activity',
      {
        schema: {
          summary: 'Lists the 10 newest events of the garage.',
          tags: TAGS,
          security: SIGNED_IN,
          response: { 200: activityItemsSchema },
        },
      },
      async (request) => records.listRecentActivity(requireUserId(request)),
    );

    /** D27: the user's stored documents. */
    app.get(
      '/api/documents',
      {
        schema: {
          summary: 'Lists the stored documents (receipts and files of the records).',
          tags: TAGS,
          security: SIGNED_IN,
          response: { 200: documentsSchema },
        },
      },
      async (request) => records.listDocuments(requireUserId(request)),
    );

    /**
     * D27, decision 057: the Documents view's entries a page at a time, searched and filtered by
     * the server. Registered beside `/api/documents`, which stays whole (001 §7).
     */
    app.get(
      '/api/documents/page',
      {
        schema: {
          summary:
            'Lists a page of the Documents view: each file attached to a record (its PDF, its photo) and each stored document with a file, newest first, searched (`q`, the title or the source) and filtered by `type` and `vehicleId`; `nextCursor` asks for the next page.',
          tags: TAGS,
          security: SIGNED_IN,
          querystring: documentPageQuerySchema,
          response: { 200: documentPageSchema },
        },
        config: { ruleAnswers: [404] },
      },
      async (request) => records.listDocumentPage(requireUserId(request), request.query),
    );

    /**
     * The vehicle page's tabs: a page of one vehicle's records (every kind, or one with `type`),
     * in the unified list's order, with each tab's count and total cost over the whole vehicle.
     */
    app.get(
      '/api/vehicles/:vehicleId/records/page',
      {
        schema: {
          summary:
            'Lists a page of one vehicle’s records, newest first; `type` narrows it to one kind and `nextCursor` asks for the next page. Each tab’s count and total cost cover the whole vehicle.',
          tags: TAGS,
          security: SIGNED_IN,
          params: vehicleParamsSchema,
          querystring: vehicleRecordPageQuerySchema,
          response: { 200: vehicleRecordPageSchema },
        },
      },
      async (request) =>
        records.listVehicleRecordPage(
          requireUserId(request),
          request.params.vehicleId,
          request.query,
        ),
    );

    for (const type of RECORD_TYPES) {
      const { collection, noun } = RECORD_KINDS[type];
      const inputSchema = recordInputSchemas[type];
      const scopedInputSchema = vehicleRecordInputSchemas[type];
      const updateSchema = recordUpdateSchemas[type];

      app.get(
        `/api/${collection}`,
        {
          schema: {
            summary: `Lists the ${noun} records of every vehicle.`,
            tags: TAGS,
            security: SIGNED_IN,
            response: { 200: recordsSchema },
          },
        },
        async (request) => records.listRecords(requireUserId(request), type),
      );

      app.get(
        `/api/${collection}/:id`,
        {
          schema: {
            summary: `Reads one ${noun} record, as the edit form starts from it.`,
            tags: TAGS,
            security: SIGNED_IN,
            params: recordParamsSchema,
            response: { 200: recordSchema },
          },
        },
        async (request) => records.getRecord(requireUserId(request), type, request.params.id),
      );

      app.get(
        `/api/vehicles/:vehicleId/${collection}`,
        {
          schema: {
            summary: `Lists the ${noun} records of one vehicle.`,
            tags: TAGS,
            security: SIGNED_IN,
            params: vehicleParamsSchema,
            response: { 200: recordsSchema },
          },
        },
        async (request) =>
          records.listVehicleRecords(requireUserId(request), type, request.params.vehicleId),
      );

      app.post(
        `/api/${collection}`,
        {
          schema: {
            summary: `Adds a ${noun} record to the vehicle \`vehicleId\` names.`,
            tags: TAGS,
            security: SIGNED_IN,
            body: inputSchema,
            response: { 201: recordSchema },
          },
          config: { ruleAnswers: [402, 404, 409] },
        },
        async (request, reply) => {
          const { vehicleId, ...payload } = request.body;
          const record = await records.createRecord(
            requireUserId(request),
            type,
            vehicleId,
            payload,
          );
          return reply.status(201).send(record);
        },
      );

      app.post(
        `/api/vehicles/:vehicleId/${collection}`,
        {
          schema: {
            summary: `Adds a ${noun} record to one vehicle.`,
            tags: TAGS,
            security: SIGNED_IN,
            params: vehicleParamsSchema,
            body: scopedInputSchema,
            response: { 201: recordSchema },
          },
          config: { ruleAnswers: [402, 409] },
        },
        async (request, reply) => {
          const record = await records.createRecord(
            requireUserId(request),
            type,
            request.params.vehicleId,
            request.body,
          );
          return reply.status(201).send(record);
        },
      );

      for (const method of ['PUT', 'PATCH'] as const) {
        app.route({
          method,
          url: `/api/${collection}/:id`,
          schema: {
            summary: `Changes a ${noun} record (${method === 'PUT' ? 'the whole form' : 'some fields, e.g. its completion'}).`,
            tags: TAGS,
            security: SIGNED_IN,
            params: recordParamsSchema,
            body: updateSchema,
            response: { 200: recordSchema },
          },
          config: { ruleAnswers: [409] },
          handler: async (request) =>
            records.updateRecord(requireUserId(request), type, request.params.id, request.body),
        });

        app.route({
          method,
          url: `/api/vehicles/:vehicleId/${collection}/:id`,
          schema: {
            summary: `Changes a ${noun} record of one vehicle (${method === 'PUT' ? 'the whole form' : 'some fields, e.g. its completion'}).`,
            tags: TAGS,
            security: SIGNED_IN,
            params: vehicleRecordParamsSchema,
            body: updateSchema,
            response: { 200: recordSchema },
          },
          config: { ruleAnswers: [409] },
          handler: async (request) =>
            records.updateRecord(requireUserId(request), type, request.params.id, request.body, {
              vehicleId: request.params.vehicleId,
            }),
        });
      }

      app.delete(
        `/api/${collection}/:id`,
        {
          schema: {
            summary: `Deletes a ${noun} record with its images.`,
            tags: TAGS,
            security: SIGNED_IN,
            params: recordParamsSchema,
            response: { 200: messageSchema },
          },
        },
        async (request) => records.deleteRecord(requireUserId(request), type, request.params.id),
      );

      app.delete(
        `/api/vehicles/:vehicleId/${collection}/:id`,
        {
          schema: {
            summary: `Deletes a ${noun} record of one vehicle with its images.`,
            tags: TAGS,
            security: SIGNED_IN,
            params: vehicleRecordParamsSchema,
            response: { 200: messageSchema },
          },
        },
        async (request) =>
          records.deleteRecord(requireUserId(request), type, request.params.id, {
            vehicleId: request.params.vehicleId,
          }),
      );
    }
  };
