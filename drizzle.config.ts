import { defineConfig } from 'drizzle-kit';

// DRIZZLE_OUT lets the drift test generate into a scratch copy of the migrations.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: process.env.DRIZZLE_OUT ?? './server/db/migrations',
});
