import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { PAGE_ASSETS_FILE } from './contract/pages.ts';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;

/**
 * Brotli and gzip copies of every text asset, made once at build time so the server sends them
 * as they are (@fastify/static preCompressed) instead of compressing on each request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'garage-ledger:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const visit = (directory: string) => {
        for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
          const file = path.join(directory, entry.name);
          if (entry.isDirectory()) visit(file);
          else if (COMPRESSIBLE.test(entry.name) && fs.statSync(file).size >= 1024) {
            const content = fs.readFileSync(file);
            fs.writeFileSync(
              `${file}.br`,
              zlib.brotliCompressSync(content, {
                params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
              }),
            );
            fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
          }
        }
      };
      visit(outDir);
    },
  };
}

/**
 * Writes which files each lazily loaded part of the app needs (its chunk and the chunks and
 * styles it imports, less what index.html already loads), keyed by its module under web/app/,
 * for the server to name in the HTML it sends: a phone then fetches a page's code with the HTML
 * rather than after the app's entry has run.
 */
function pageAssets(): Plugin {
  let root = '';
  return {
    name: 'garage-ledger:page-assets',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(outputOptions, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const entry = chunks.find((chunk) => chunk.isEntry);
      const loadedByHtml = new Set<string>();
      const collect = (fileName: string, into: Set<string>) => {
        if (into.has(fileName)) return;
        into.add(fileName);
        const chunk = byFile.get(fileName);
        for (const imported of chunk?.imports ?? []) collect(imported, into);
        for (const css of chunk?.viteMetadata?.importedCss ?? []) into.add(css);
      };
      if (entry) collect(entry.fileName, loadedByHtml);
      const assets: Record<string, string[]> = {};
      for (const chunk of chunks) {
        if (!chunk.isDynamicEntry || !chunk.facadeModuleId) continue;
        const module = path.relative(path.resolve(root, 'app'), chunk.facadeModuleId);
        if (module.startsWith('..')) continue;
        const files = new Set<string>();
        collect(chunk.fileName, files);
        assets[module.replace(/\.tsx?$/, '')] = [...files].filter(
          (file) => !loadedByHtml.has(file),
        );
      }
      const outDir = outputOptions.dir ?? '';
      fs.mkdirSync(path.dirname(outDir), { recursive: true });
      fs.writeFileSync(
        path.join(outDir, '..', PAGE_ASSETS_FILE),
        `${JSON.stringify(assets, null, 2)}\n`,
      );
    },
  };
}

const API_SERVER = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), precompress(), pageAssets()],
  resolve: {
    alias: {
      '@contract': path.resolve(import.meta.dirname, 'contract'),
      '@web': path.resolve(import.meta.dirname, 'web'),
    },
  },
  build: {
    // DIST_DIR lets two builds (say, two browser test runs) live side by side.
    outDir: path.resolve(import.meta.dirname, process.env.DIST_DIR ?? 'dist', 'web'),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // Fewer, larger files for each page (decision 014): a phone on HTTP/1.1 fetches six files at
    // a time, so sixty small shared chunks cost ten round trips before a page can draw. Shared
    // chunks are copied into the chunks that use them instead, one module state kept across the
    // copies by Rolldown's runtime; styles stay files, as Vite's own setting has it.
    rolldownOptions: {
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          experimentalInlineCommonChunks: {
            maxSize: 200_000,
            exclude: /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/,
          },
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    proxy: {
      '/api': API_SERVER,
      '/uploads': API_SERVER,
      '/healthz': API_SERVER,
    },
  },
});
