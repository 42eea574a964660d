/**
 * The vehicle image calls of 001 §7 (HTTP only; the rules live in vehicle-images.service).
 * `DELETE /api/vehicle-images/{id}` answers 200 `{message: 'Image deleted'}`; the client reads
 * the images again to see which one became the primary.
 */

import { messageSchema } from '@contract/schemas/accounts';
import { idParamsSchema } from '@contract/schemas/common';
import {
  vehicleImageFieldsSchema,
  vehicleImageSchema,
  vehicleImagesSchema,
  vehicleImageUpdateSchema,
} from '@contract/schemas/vehicles';
import { UPLOAD_LIMITS, UPLOAD_MESSAGES } from '@contract/uploads';
import { VEHICLE_TOASTS } from '@contract/vehicles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileField, SIGNED_IN } from '../../plugins/api-description';
import { parseFields, readMultipart } from '../../plugins/multipart';
import { requireUserId } from '../../plugins/session';
import type { VehicleImagesService } from './vehicle-images.service';

const TAGS = ['Vehicle images'];

/** 001 §7: the multipart body of `POST /api/vehicle-images`, as the API document shows it. */
const vehicleImageUploadSchema = vehicleImageFieldsSchema.extend({
  image: fileField(
    `The photo: JPEG, PNG or WebP, at most ${UPLOAD_LIMITS.vehicleImageBytes / 1024 / 1024} MB.`,
  ),
});

export const vehicleImagesRoutes =
  ({ vehicleImages }: { vehicleImages: VehicleImagesService }): FastifyPluginAsyncZod =>
  async (app) => {
    // Signed-in only, and said first: a signed-out call learns nothing from validation.
    app.addHook('onRequest', async (request) => {
      requireUserId(request);
    });

    app.get(
      '/api/vehicles/:id/images',
      {
        schema: {
          summary: "Lists a vehicle's images, the primary one first.",
          tags: TAGS,
          security: SIGNED_IN,
          params: idParamsSchema,
          response: { 200: vehicleImagesSchema },
        },
      },
      async (request) => vehicleImages.listImages(requireUserId(request), request.params.id),
    );

    /** 001 §7: multipart `image`, `vehicleId`, `caption`, `isPrimary` ('true' or 'false'). */
    app.post(
      '/api/vehicle-images',
      {
        schema: {
          summary:
            'Adds a photo to a vehicle (multipart: `image`, `vehicleId`, `caption`, `isPrimary`).',
          tags: TAGS,
          security: SIGNED_IN,
          response: { 201: vehicleImageSchema },
        },
        config: { multipartBody: vehicleImageUploadSchema, ruleAnswers: [404, 409, 429] },
      },
      async (request, reply) => {
        const userId = requireUserId(request);
        const { files, fields } = await readMultipart(request, reply, {
          fileField: 'image',
          maxFiles: 1,
          maxFileBytes: UPLOAD_LIMITS.vehicleImageBytes,
          fields: ['vehicleId', 'caption', 'isPrimary'],
          messages: {
            tooLarge: UPLOAD_MESSAGES.imageTooLarge,
            noFile: UPLOAD_MESSAGES.noImage,
            tooManyFiles: UPLOAD_MESSAGES.oneImageAtATime,
          },
        });
        const image = await vehicleImages.addImage(
          userId,
          parseFields(vehicleImageFieldsSchema, fields),
          files[0]!,
        );
        return reply.status(201).send(image);
      },
    );

    app.put(
      '/api/vehicle-images/:id',
      {
        schema: {
          summary: "Changes an image's caption, or makes it the primary one.",
          tags: TAGS,
          security: SIGNED_IN,
          params: idParamsSchema,
          body: vehicleImageUpdateSchema,
          response: { 200: vehicleImageSchema },
        },
      },
      async (request) =>
        vehicleImages.updateImage(requireUserId(request), request.params.id, request.body),
    );

    app.put(
      '/api/vehicle-images/:id/primary',
      {
        schema: {
          summary: "Makes an image the vehicle's primary one.",
          tags: TAGS,
          security: SIGNED_IN,
          params: idParamsSchema,
          response: { 200: vehicleImageSchema },
        },
      },
      async (request) => vehicleImages.setPrimaryImage(requireUserId(request), request.params.id),
    );

    app.delete(
      '/api/vehicle-images/:id',
      {
        schema: {
          summary: 'Deletes an image; another one becomes the primary if it was.',
          tags: TAGS,
          security: SIGNED_IN,
          params: idParamsSchema,
          response: { 200: messageSchema },
        },
      },
      async (request) => {
        await vehicleImages.deleteImage(requireUserId(request), request.params.id);
        return { message: VEHICLE_TOASTS.imageDeleted };
      },
    );
  };
