/**
 * The zips that take data away (docs/data-formats.md): the account's backup and a vehicle's
 * passport. HTTP only; the rules and the writing live in backups.service.
 */
import { Readable } from 'node:stream';
import { SPREADSHEETS, type SpreadsheetKind, spreadsheetFileName } from '@contract/backup';
import { idParamsSchema } from '@contract/schemas/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SIGNED_IN } from '../../plugins/api-description';
import { requireSessionUser, requireUserId } from '../../plugins/session';
import { todayOf } from '../../today';
import type { BackupsService, BackupZip } from './backups.service';

const TAGS = ['Backups'];

/** A zip as the API description states it: its bytes, of type application/zip. */
const zipAnswer = (description: string) => ({
  200: {
    description,
    content: { 'application/zip': { schema: z.string().meta({ format: 'binary' }) } },
  },
});

/**
 * Sends a zip as a download: its length first, so a browser shows the progress, never kept by a
 * cache (it is one user's data). HEAD answers the headers without writing a byte of it.
 */
function sendZip(request: FastifyRequest, reply: FastifyReply, zip: BackupZip) {
  reply.headers({
    'content-type': 'application/zip',
    'content-disposition': `attachment; filename="${zip.fileName}"`,
    'cache-control': 'no-store',
    ...(zip.size >= 0 ? { 'content-length': String(zip.size) } : {}),
  });
  if (request.method === 'HEAD') {
    zip.stream.destroy();
    return reply.send(Readable.from([]));
  }
  return reply.send(zip.stream);
}

export const backupsRoutes =
  ({ backups }: { backups: BackupsService }): FastifyPluginAsyncZod =>
  async (app) => {
    // Signed-in only, and said first: a signed-out call learns nothing from validation.
    app.addHook('onRequest', async (request) => {
      requireUserId(request);
    });

    app.get(
      '/api/user/backup',
      {
        schema: {
          summary:
            'Downloads the whole account as one zip: manifest.json, data.json (the export document) and every stored file under files/.',
          tags: TAGS,
          security: SIGNED_IN,
          response: zipAnswer(
            'The backup, `garage-ledger-backup-YYYY-MM-DD.zip`, with its length in `Content-Length`.',
          ),
        },
      },
      async (request, reply) =>
        sendZip(request, reply, await backups.openAccountBackup(requireSessionUser(request))),
    );

    app.get(
      '/api/vehicles/:id/passport',
      {
        schema: {
          summary:
            "Downloads one vehicle's whole history as a zip for its next owner: its rows in data.json and the files they point at, without the owner's account.",
          tags: TAGS,
          security: SIGNED_IN,
          params: idParamsSchema,
          response: zipAnswer(
            'The passport, `garage-ledger-passport-<year>-<make>-<model>-YYYY-MM-DD.zip`, with its length in `Content-Length`.',
          ),
        },
      },
      async (request, reply) =>
        sendZip(
          request,
          reply,
          await backups.openVehiclePassport(requireSessionUser(request), request.params.id),
        ),
    );

    for (const kind of Object.keys(SPREADSHEETS) as SpreadsheetKind[]) {
      app.get(
        SPREADSHEETS[kind].path,
        {
          schema: {
            summary:
              kind === 'records'
                ? 'Downloads every maintenance record, repair and modification as a CSV spreadsheet, oldest first.'
                : 'Downloads every fill-up and charge as a CSV spreadsheet, oldest first.',
            description:
              'UTF-8 with a header row, ISO dates and dot decimals; text a spreadsheet would take for a formula is led by an apostrophe. Distances are in each vehicle’s odometer unit and amounts in the account’s currency, both named on each line.',
            tags: TAGS,
            security: SIGNED_IN,
            response: {
              200: {
                description: 'The CSV file, one line per row.',
                content: { 'text/csv': { schema: z.string() } },
              },
            },
          },
        },
        async (request, reply) => {
          const csv = await backups.spreadsheet(requireUserId(request), kind);
          const day = todayOf(requireSessionUser(request));
          return reply
            .type('text/csv; charset=utf-8')
            .header(
              'content-disposition',
              `attachment; filename="${spreadsheetFileName(kind, day)}"`,
            )
            .header('cache-control', 'no-store')
            .send(csv);
        },
      );
    }
  };
