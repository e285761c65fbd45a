/**
 * The admin console: React + TypeScript compiled by Vite 8 itself (Oxc, automatic JSX runtime; no React
 * plugin), served by the service under /admin. Two pages: the app (index.html) and GraphiQL (explorer.html).
 * Everything is bundled: no CDN, no web fonts, monaco's workers emitted as same-origin files.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: '/admin/',
  publicDir: false,
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // GraphiQL's monaco is large; it loads only on the explorer page.
    chunkSizeWarningLimit: 5000,
    reportCompressedSize: false,
    rolldownOptions: {
      // Libraries marked "use client" for server components: irrelevant in a browser bundle.
      onLog(level, log, handler) {
        if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
        handler(level, log);
      },
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        explorer: fileURLToPath(new URL('explorer.html', import.meta.url)),
      },
    },
  },
  server: {
    proxy: { '/graphql': 'http://127.0.0.1:4000' },
  },
});
