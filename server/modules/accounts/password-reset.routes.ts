/** Password reset by e-mail (decision 054), HTTP only; the rules live in password-reset.service. */
import { PASSWORD_RESET_MESSAGES } from '@contract/accounts';
import {
  messageSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
} from '@contract/schemas/accounts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PasswordResetService } from './password-reset.service';

const TAGS = ['Accounts'];

export const passwordResetRoutes =
  ({ passwordReset }: { passwordReset: PasswordResetService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/password-reset',
      {
        schema: {
          summary:
            'E-mails a link to choose a new password to the account with this address, if it has a password. Answers the same whether or not it does; 404 when the server sends no e-mail.',
          tags: TAGS,
          body: passwordResetRequestSchema,
          response: { 200: messageSchema },
        },
        config: { ruleAnswers: [404, 429] },
      },
      async (request) => {
        await passwordReset.requestReset(request.body.email, { ip: request.ip });
        return { message: PASSWORD_RESET_MESSAGES.requested };
      },
    );

    app.post(
      '/api/password-reset/confirm',
      {
        schema: {
          summary:
            "Sets a new password with a reset link's token, which then stops working; every session of the account ends.",
          tags: TAGS,
          body: passwordResetConfirmSchema,
          response: { 200: messageSchema },
        },
        config: { ruleAnswers: [429] },
      },
      async (request) => {
        await passwordReset.confirmReset(request.body, { ip: request.ip });
        return { message: PASSWORD_RESET_MESSAGES.passwordChanged };
      },
    );
  };
