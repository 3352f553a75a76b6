import { fileURLToPath } from 'node:url';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import { readFileSync } from 'node:fs';
import { parse as parseMessage } from '@formatjs/icu-messageformat-parser';

const webRoot = path.dirname(fileURLToPath(import.meta.url));
const workspaceRoot = path.resolve(webRoot, '../..');

// The gateway answers /api, the redirect-service answers /r/{slug} (nginx does the same in production).
// '^/r/' is a regular expression so '/reset-password' is not sent to the redirect-service.
const proxy: Record<string, ProxyOptions> = {
  '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
  '^/r/': { target: 'http://127.0.0.1:3004', changeOrigin: false },
};

/**
 * The catalogues (`src/i18n/catalogues/**.json`) arrive in the browser already parsed (ICU syntax
 * trees), as the English messages in the code do (babel-plugin-formatjs with `ast`), so the app
 * ships FormatJS without its message parser.
 */
function compiledCatalogues(): Plugin {
  const catalogue = `${path.sep}src${path.sep}i18n${path.sep}catalogues${path.sep}`;
  return {
    name: 'qrd-compiled-catalogues',
    enforce: 'pre',
    load(id) {
      if (!id.includes(catalogue) || !id.endsWith('.json')) return null;
      const messages = JSON.parse(readFileSync(id, 'utf8')) as Record<string, string>;
      const compiled = Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, parseMessage(message)]));
      return JSON.stringify(compiled);
    },
  };
}

export default defineConfig({
  root: webRoot,
  publicDir: path.join(webRoot, 'public'),
  plugins: [compiledCatalogues(), react({ babel: (id) => (id.startsWith(webRoot) ? { plugins: [['formatjs', { ast: true }]] } : {}) }), tailwindcss()],
  resolve: {
    alias: {
      '@formatjs/icu-messageformat-parser': '@formatjs/icu-messageformat-parser/no-parser.js',
      '@qrd/contracts': path.join(workspaceRoot, 'libs/contracts/src/index.ts'),
    },
  },
  // libs/contracts uses legacy (class-validator) decorators; esbuild compiles them only when told.
  esbuild: {
    tsconfigRaw: {
      compilerOptions: { experimentalDecorators: true, useDefineForClassFields: false },
    },
  },
  build: {
    outDir: path.join(workspaceRoot, 'dist/apps/web'),
    emptyOutDir: true,
    // Maps for error reports, without the comment that makes every browser download them.
    sourcemap: 'hidden',
    rollupOptions: {
      // libs/contracts is one barrel of DTO classes whose decorators look like side effects: a chunk
      // that uses one constant would otherwise carry every DTO (and class-validator) with it. Its
      // modules do nothing when imported but define what they export, so unused ones may be dropped.
      // The billing feature's public index only re-exports: the dashboard, which takes the subscription's
      // query from it, must not download billing's forms and Stripe before its first card.
      treeshake: {
        moduleSideEffects: (id) =>
          !id.includes(`${path.sep}libs${path.sep}contracts${path.sep}`) && !/[\\/]apps[\\/]web[\\/]src[\\/]features[\\/]billing[\\/]index\.ts$/.test(id),
      },
      output: {
        // Icons of the screens (a few hundred bytes each) come in one file, not one request per icon.
        // Icons in one chunk; class-validator's decorators (the forms' checks) in one too, instead of
        // a chunk per decorator that every screen with a form would fetch one by one.
        manualChunks: (id) => {
          if (id.includes(`${path.sep}lucide-react${path.sep}`) && id.includes(`${path.sep}icons${path.sep}`)) return 'icons';
          if (id.includes(`${path.sep}node_modules${path.sep}class-validator${path.sep}`)) return 'validators';
          // Rollup's helpers for CommonJS modules serve the entry's packages too: in the validators
          // chunk they would make the first screen download the validation library; with the icons,
          // which every screen loads first, they cost no request of their own.
          if (id.startsWith('\0commonjsHelpers')) return 'icons';
          return undefined;
        },
      },
    },
  },
  server: { port: 4200, host: '127.0.0.1', proxy },
  preview: { port: 4300, host: '127.0.0.1', proxy },
});
