/** The expenses calls (001 §2, D37; HTTP only, the rules live in expenses.service). */
import { expensesCsvFileName, expensesQuerySchema, expensesSchema } from '@contract/expenses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUserId } from '../../plugins/session';
import type { ExpensesService } from './expenses.service';

export const expensesRoutes =
  ({ expenses }: { expenses: ExpensesService }): FastifyPluginAsyncZod =>
  async (app) => {
    // Signed-in only, and said first: a signed-out call learns nothing from validation.
    app.addHook('onRequest', async (request) => {
      requireUserId(request);
    });

    app.get(
      '/api/expenses',
      { schema: { querystring: expensesQuerySchema, response: { 200: expensesSchema } } },
      async (request) => expenses.getExpenses(requireUserId(request), request.query),
    );

    app.get(
      '/api/expenses/export.csv',
      { schema: { querystring: expensesQuerySchema } },
      async (request, reply) => {
        const csv = await expenses.exportExpensesCsv(requireUserId(request), request.query);
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${expensesCsvFileName(day)}"`)
          .send(csv);
      },
    );
  };
