/**
 * The import calls of decision 055 (HTTP only; the rules live in imports.service): an upload read
 * into a preview, the choices that change it, apply, undo, and the list of the user's imports.
 */
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '@contract/imports';
import { idParamsSchema } from '@contract/schemas/common';
import {
  importChoicesSchema,
  importListSchema,
  importPreviewSchema,
  importResultSchema,
  importUploadFieldsSchema,
} from '@contract/schemas/imports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../app-error';
import { fileField, SIGNED_IN } from '../../plugins/api-description';
import { parseFields, readMultipart, receiveFileToDisk } from '../../plugins/multipart';
import { requireUserId } from '../../plugins/session';
import type { ImportsService } from './imports.service';
import type { RestoresService } from './restores.service';

const TAGS = ['Imports'];

/** Files of one import: a CSV per record type (LubeLogger) or a few exports at once. */
const MAX_FILES = 5;
const megabytes = IMPORT_LIMITS.maxImportBytes / 1024 ** 2;

const importUploadSchema = importUploadFieldsSchema.extend({
  file: z
    .array(
      fileField(
        `An export of Garage Ledger or another tracker (CSV, JSON, or a zip or tar.gz of them), ${megabytes} MB at most together.`,
      ),
    )
    .min(1)
    .max(MAX_FILES),
});

export const importsRoutes =
  ({ imports }: { imports: ImportsService }): FastifyPluginAsyncZod =>
  async (app) => {
    // Signed-in only, and said first: a signed-out call learns nothing from validation.
    app.addHook('onRequest', async (request) => {
      requireUserId(request);
    });

    app.post(
      '/api/imports',
      {
        schema: {
          summary:
            'Reads an export of Garage Ledger or another tracker (multipart: `file`, optional `vehicleId` and `source`) and answers a preview; nothing is added before apply.',
          tags: TAGS,
          security: SIGNED_IN,
          response: { 201: importPreviewSchema },
        },
        config: { multipartBody: importUploadSchema, ruleAnswers: [404, 422, 503] },
      },
      async (request, reply) => {
        const userId = requireUserId(request);
        const { files, fields } = await readMultipart(request, reply, {
          fileField: 'file',
          maxFiles: MAX_FILES,
          maxFileBytes: IMPORT_LIMITS.maxImportBytes,
          fields: ['vehicleId', 'source'],
          messages: {
            tooLarge: IMPORT_MESSAGES.tooLarge(megabytes),
            noFile: IMPORT_MESSAGES.noFile,
            tooManyFiles: IMPORT_MESSAGES.tooLarge(megabytes),
          },
        });
        const total = files.reduce((sum, file) => sum + file.buffer.length, 0);
        if (total > IMPORT_LIMITS.maxImportBytes) {
          throw new AppError(413, IMPORT_MESSAGES.tooLarge(megabytes));
        }
        const { vehicleId, source } = parseFields(importUploadFieldsSchema, fields);
        const preview = await imports.preview(
          userId,
          files.map((file) => ({ name: file.filename, bytes: file.buffer })),
          { source: source ?? null, vehicleId: vehicleId ?? null },
        );
        return reply.status(201).send(preview);
      },
    );

    app.get(
      '/api/imports',
      {
        schema: {
          summary: 'Lists the imports and restores of the account, newest first.',
          tags: TAGS,
          security: SIGNED_IN,
          response: { 200: importListSchema },
        },
      },
      async (request) => imports.list(requireUserId(request)),
    );

    app.get(
      '/api/imports/:id',
      {
        schema: {
          summary: 'Answers an import’s preview, or what it added once applied.',
          tags: TAGS,
          security: SIGNED_IN,
          params: idParamsSchema,
          response: { 200: importPreviewSchema },
        },
        config: { ruleAnswers: [410] },
      },
      async (request) => imports.get(requireUserId(request), request.params.id),
    );

    app.patch(
      '/api/imports/:id',
      {
        schema: {
          summary:
            'Changes how a preview reads the file (decimal separator, date order, units) and where each of its vehicles goes; answers the new preview.',
          tags: TAGS,
          security: SIGNED_IN,
          params: idParamsSchema,
          body: importChoicesSchema,
          response: { 200: importPreviewSchema },
        },
        config: { ruleAnswers: [409, 410] },
      },
      async (request) => imports.choose(requireUserId(request), request.params.id, request.body),
    );

    app.post(
      '/api/imports/:id/apply',
      {
        schema: {
          summary: 'Adds everything the preview shows, in one transaction; answers what was added.',
          tags: TAGS,
          security: SIGNED_IN,
          params: idParamsSchema,
          response: { 200: importResultSchema },
        },
        config: { ruleAnswers: [402, 409, 410] },
      },
      async (request) => imports.apply(requireUserId(request), request.params.id),
    );

    app.delete(
      '/api/imports/:id',
      {
        schema: {
          summary:
            'Undoes an import: deletes exactly the rows it added (a preview is simply forgotten); answers what was removed.',
          tags: TAGS,
          security: SIGNED_IN,
          params: idParamsSchema,
          response: { 200: importResultSchema },
        },
        config: { ruleAnswers: [409] },
      },
      async (request) => imports.undo(requireUserId(request), request.params.id),
    );
  };

/** What a backup may weigh beyond the files it brings: its document, at most this much. */
const BACKUP_DOCUMENT_ALLOWANCE_BYTES = 100 * 1024 * 1024;

const restoreUploadSchema = z.object({
  file: fileField(
    'A Garage Ledger backup or vehicle passport (zip), at most the storage your plan includes.',
  ),
});

/** The restore calls: a backup or a passport read into a preview, then applied. */
export const restoresRoutes =
  ({
    restores,
    storageQuotaOf,
  }: {
    restores: RestoresService;
    storageQuotaOf: (userId: number) => Promise<number>;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', async (request) => {
      requireUserId(request);
    });

    app.post(
      '/api/user/restore',
      {
        schema: {
          summary:
            'Reads a Garage Ledger backup or vehicle passport (multipart: `file`, streamed) and answers a preview: what will be added, and what the account already has.',
          tags: TAGS,
          security: SIGNED_IN,
          response: { 201: importPreviewSchema },
        },
        config: { multipartBody: restoreUploadSchema, ruleAnswers: [422, 503] },
      },
      async (request, reply) => {
        const userId = requireUserId(request);
        const quota = await storageQuotaOf(userId);
        const upload = await receiveFileToDisk(request, {
          fileField: 'file',
          maxFileBytes: quota + BACKUP_DOCUMENT_ALLOWANCE_BYTES,
          messages: {
            tooLarge: IMPORT_MESSAGES.backupTooLarge,
            noFile: IMPORT_MESSAGES.noFile,
            tooManyFiles: IMPORT_MESSAGES.noFile,
          },
        });
        try {
          const preview = await restores.preview(userId, upload);
          return reply.status(201).send(preview);
        } finally {
          await upload.remove();
        }
      },
    );

    app.post(
      '/api/user/restore/:id/apply',
      {
        schema: {
          summary:
            'Restores what the backup has and the account does not, in one transaction; answers what was added.',
          tags: TAGS,
          security: SIGNED_IN,
          params: idParamsSchema,
          response: { 200: importResultSchema },
        },
        config: { ruleAnswers: [402, 409, 410] },
      },
      async (request) => restores.apply(requireUserId(request), request.params.id),
    );
  };
