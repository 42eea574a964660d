/** The expenses calls (001 §2, D37; HTTP only, the rules live in expenses.service). */
import { expensesCsvFileName } from '@contract/expenses';
import {
  expensesExportQuerySchema,
  expensesQuerySchema,
  expensesSchema,
} from '@contract/schemas/expenses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SIGNED_IN } from '../../plugins/api-description';
import { requireUserId } from '../../plugins/session';
import type { ExpensesService } from './expenses.service';

const TAGS = ['Expenses'];

export const expensesRoutes =
  ({ expenses }: { expenses: ExpensesService }): FastifyPluginAsyncZod =>
  async (app) => {
    // Signed-in only, and said first: a signed-out call learns nothing from validation.
    app.addHook('onRequest', async (request) => {
      requireUserId(request);
    });

    app.get(
      '/api/expenses',
      {
        schema: {
          summary:
            'Sums the spending per vehicle, with the top expenses; a period and the months are Premium.',
          tags: TAGS,
          security: SIGNED_IN,
          querystring: expensesQuerySchema,
          response: { 200: expensesSchema },
        },
        config: { ruleAnswers: [402, 404] },
      },
      async (request) => expenses.getExpenses(requireUserId(request), request.query),
    );

    app.get(
      '/api/expenses/export.csv',
      {
        schema: {
          summary: 'Downloads the expenses as a CSV file (Premium).',
          tags: TAGS,
          security: SIGNED_IN,
          querystring: expensesExportQuerySchema,
          response: {
            200: {
              description: 'The CSV file, one line per expense.',
              content: { 'text/csv': { schema: z.string() } },
            },
          },
        },
        config: { ruleAnswers: [402, 404] },
      },
      async (request, reply) => {
        const csv = await expenses.exportExpensesCsv(requireUserId(request), request.query);
        const day = request.query.day ?? new Date().toISOString().slice(0, 10);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${expensesCsvFileName(day)}"`)
          .send(csv);
      },
    );
  };
