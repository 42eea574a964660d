/**
 * Serves the built web app (dist/web): hashed assets cached for a year and sent pre-compressed
 * (brotli or gzip, made at build time), index.html never cached, and D41's catch-all so that
 * client routes survive a reload. Without a build (tests, `npm run dev`) only the JSON 404 stays.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isApiPath, sendJsonNotFound } from './errors';

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

export async function registerWebApp(app: FastifyInstance, webRoot: string | undefined) {
  const hasBuild = webRoot !== undefined && fs.existsSync(path.join(webRoot, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webRoot,
      preCompressed: true,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders(res, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', isHashedAsset ? IMMUTABLE : NO_CACHE);
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (
      !hasBuild ||
      !isPageRequest ||
      isApiPath(request.url) ||
      request.url.startsWith('/healthz')
    ) {
      return sendJsonNotFound(reply);
    }
    return reply
      .header('Cache-Control', NO_CACHE)
      .type('text/html; charset=utf-8')
      .sendFile('index.html');
  });
}
