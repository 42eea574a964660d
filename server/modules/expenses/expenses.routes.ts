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
import { requireSessionUser, requireUserId } from '../../plugins/session';
import { todayOf } from '../../today';
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
            'Sums the spending per vehicle, with the top expenses and each vehicle’s economy; a period, the months and cost per distance are Premium.',
          description:
            'Records and purchases make Total Invested (`totals.total`, 000 §9). Fuel and energy entries are a running cost beside them (`energy` in the totals, each vehicle and each month), never part of Total Invested. `costPerMile` (Premium) lists each vehicle’s cost per distance (D48): completed maintenance and repairs plus fuel and energy of the period over the distance driven in it from the odometer history, in `distanceUnit`, with the same figure per mile in `costPerMile`; before fuel and the odometer history it was all-time maintenance and repairs over the odometer reading. `economy` (every plan) gives each vehicle’s average economy per energy in the period, in the user’s units.',
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
          description:
            'One line per purchase, record and fuel or energy entry (type `Fuel & Energy`, the energy as its category and the station as its title), oldest first, undated last.',
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
        const day = request.query.day ?? todayOf(requireSessionUser(request));
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${expensesCsvFileName(day)}"`)
          .send(csv);
      },
    );
  };
