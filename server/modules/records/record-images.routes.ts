/**
 * The record image calls of 001 §7 (HTTP only; the rules live in record-images.service). The
 * `{type}` segment is a kind, its plural, or a legacy value starting with 'maint' (001 §3); any
 * other answers 400.
 */
import {
  recordImageFieldsSchema,
  recordImageParamsSchema,
  recordImageSchema,
  recordImagesSchema,
} from '@contract/schemas/records';
import { UPLOAD_LIMITS, UPLOAD_MESSAGES } from '@contract/uploads';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileField, SIGNED_IN } from '../../plugins/api-description';
import { parseFields, readMultipart } from '../../plugins/multipart';
import { requireUserId } from '../../plugins/session';
import type { RecordImagesService } from './record-images.service';

const TAGS = ['Record images'];

/** 001 §5, §7: the multipart body of `POST /api/record-images/{type}/{recordId}`. */
const recordImageUploadSchema = recordImageFieldsSchema.extend({
  image: fileField(
    `The photo: JPEG, PNG or WebP, at most ${UPLOAD_LIMITS.recordImageBytes / 1024 / 1024} MB.`,
  ),
});

export const recordImagesRoutes =
  ({ recordImages }: { recordImages: RecordImagesService }): FastifyPluginAsyncZod =>
  async (app) => {
    // Signed-in only, and said first: a signed-out call learns nothing from validation.
    app.addHook('onRequest', async (request) => {
      requireUserId(request);
    });

    app.get(
      '/api/record-images/:type/:recordId',
      {
        schema: {
          summary: 'Lists the photos of a record.',
          tags: TAGS,
          security: SIGNED_IN,
          params: recordImageParamsSchema,
          response: { 200: recordImagesSchema },
        },
      },
      async (request) =>
        recordImages.listImages(
          requireUserId(request),
          request.params.type,
          request.params.recordId,
        ),
    );

    /** 001 §5, §7: multipart `image` (a photo of at most 5 MB, one at a time) and `caption`. */
    app.post(
      '/api/record-images/:type/:recordId',
      {
        schema: {
          summary: 'Adds a photo to a record (multipart: `image`, `caption`).',
          tags: TAGS,
          security: SIGNED_IN,
          params: recordImageParamsSchema,
          response: { 201: recordImageSchema },
        },
        config: { multipartBody: recordImageUploadSchema, ruleAnswers: [404, 409, 429] },
      },
      async (request, reply) => {
        const userId = requireUserId(request);
        const { files, fields } = await readMultipart(request, reply, {
          fileField: 'image',
          maxFiles: 1,
          maxFileBytes: UPLOAD_LIMITS.recordImageBytes,
          fields: ['caption'],
          messages: {
            tooLarge: UPLOAD_MESSAGES.recordImageTooLarge,
            noFile: UPLOAD_MESSAGES.noImage,
            tooManyFiles: UPLOAD_MESSAGES.oneImageAtATime,
          },
        });
        const image = await recordImages.addImage(
          userId,
          request.params.type,
          request.params.recordId,
          parseFields(recordImageFieldsSchema, fields).caption ?? null,
          files[0]!,
        );
        return reply.status(201).send(image);
      },
    );
  };
