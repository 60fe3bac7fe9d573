import { availableParallelism } from 'node:os';
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
// By path: Vite loads this file with Node, which does not load a package's TypeScript sources.
import { DEMO_ADMIN } from '../contract/src/demo-admin.ts';
import { SlowestTestFiles } from '../scripts/slowest-test-files.ts';
import { firstLoadZod } from './vite-first-load-zod.ts';
import { precompress } from './vite-precompress.ts';
import { routePreloads } from './vite-route-preload.ts';
import { themeBoot } from './vite-theme-boot.ts';

const backend = 'http://127.0.0.1:8080';
/*
 * Node 25 and newer define a global `localStorage` that is inert without --localstorage-file, and
 * vitest leaves a global that already exists in place of jsdom's: the tests would get Node's stub.
 * The flag exists from Node 22.4; Node 20 would refuse it.
 */
const nodeMajor = Number(process.versions.node.split('.')[0]);
const testExecArgv = nodeMajor >= 22 ? ['--no-experimental-webstorage'] : [];
const LOGIN = 'src/features/auth/login-page.tsx';
const LANDING = 'src/features/landing/landing-page.tsx';
/** The demo sign-in, as the server's /config.json names it when it runs with demo data. */
const DEMO_SIGN_IN = { username: DEMO_ADMIN.username, password: DEMO_ADMIN.password };

export default defineConfig({
  plugins: [
    firstLoadZod(),
    themeBoot(),
    react(),
    tailwindcss(),
    routePreloads({
      'landing.html': { module: LANDING, prerender: { path: '/', demo: null } },
      'login.html': { module: LOGIN, prerender: { path: '/login', demo: null } },
      // What the server sends for /login when it runs with demo data: the page with the sign-in hint.
      'login-demo.html': { module: LOGIN, prerender: { path: '/login', demo: DEMO_SIGN_IN } },
    }),
    precompress(),
  ],
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/socket.io': { target: backend, ws: true, changeOrigin: true },
      '/config.json': { target: backend, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Vite's dynamic-import helper in a chunk of its own: left in the entry chunk, it would make every
          // lazy chunk import the entry, and so list the entry's stylesheet, which login.html and
          // landing.html inline, as a file to load before the chunk runs.
          groups: [{ name: 'preload-helper', test: /vite\/preload-helper/ }],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    // A test file per core: vitest's default leaves one core idle.
    maxWorkers: availableParallelism(),
    reporters: ['default', new SlowestTestFiles()],
    execArgv: testExecArgv,
    setupFiles: ['src/test-setup.ts'],
    css: false,
    restoreMocks: true,
    // Stubs come off after every test, even one whose assertion failed.
    unstubGlobals: true,
    unstubEnvs: true,
  },
});
