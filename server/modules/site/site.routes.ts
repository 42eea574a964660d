/** `GET /api/site`: public facts of this installation (D2's support address). */
import { siteInfoSchema } from '@contract/schemas/site';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';

export const siteRoutes =
  (config: Config): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/site',
      {
        schema: {
          summary: 'Answers public facts of this installation, such as its support address.',
          tags: ['Site'],
          response: { 200: siteInfoSchema },
        },
      },
      async () => ({
        supportEmail: config.supportEmail,
        oidcAccountUrl: config.oidc?.accountUrl ?? null,
        mailEnabled: config.mail !== undefined,
      }),
    );
  };
