/**
 * The admin console: React + TypeScript compiled by Vite 8 itself (Oxc, automatic JSX runtime; no React
 * plugin), served by the service under /admin. Two pages: the app (index.html) and GraphiQL (explorer.html).
 * Everything is bundled: no CDN, no web fonts, monaco's workers emitted as same-origin files.
 */
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * GraphiQL's stylesheet embeds its fonts as `data:` URLs, which the console's CSP (`default-src 'self'`)
 * refuses. This moves each into a hashed file of its own next to the CSS, so every font is same-origin.
 */
function fontsOutOfCss(): Plugin {
  const pattern = /url\((['"]?)data:(font\/[\w.+-]+);base64,([A-Za-z0-9+/=]+)\1\)/g;
  const extension: Record<string, string> = { 'font/woff2': 'woff2', 'font/woff': 'woff', 'font/ttf': 'ttf', 'font/otf': 'otf' };
  return {
    name: 'console:fonts-out-of-css',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const asset of Object.values(bundle)) {
        if (asset.type !== 'asset' || !asset.fileName.endsWith('.css')) continue;
        const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
        if (!css.includes('data:font/')) continue;
        asset.source = css.replace(pattern, (_match, _quote: string, mime: string, base64: string) => {
          const source = Buffer.from(base64, 'base64');
          const hash = createHash('sha256').update(source).digest('hex').slice(0, 10);
          const fileName = `assets/font-${hash}.${extension[mime] ?? 'bin'}`;
          if (!(fileName in bundle)) this.emitFile({ type: 'asset', fileName, source });
          return `url(./${fileName.slice('assets/'.length)})`;
        });
      }
    },
  };
}

export default defineConfig({
  root,
  base: '/admin/',
  publicDir: false,
  plugins: [fontsOutOfCss()],
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
