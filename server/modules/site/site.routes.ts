/** `GET /api/site`: public facts of this installation (D2's support address). */
import { siteInfoSchema } from '@contract/site';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';

export const siteRoutes =
  (config: Config): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/site', { schema: { response: { 200: siteInfoSchema } } }, async () => ({
      supportEmail: config.supportEmail,
      oidcAccountUrl: config.oidc?.accountUrl ?? null,
    }));
  };
