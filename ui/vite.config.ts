import { defineConfig } from 'vite'
import { compressPlugin } from './build/compress-plugin.ts'
import { serviceWorkerPlugin } from './build/service-worker-plugin.ts'

// The hub serves the built bundle under /dist/ (ARCHITECTURE.md section 1).
export default defineConfig({
  base: '/dist/',
  plugins: [serviceWorkerPlugin(), compressPlugin()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      checks: {
        // swr's "use client" means nothing in an app with no server components.
        moduleLevelDirective: false,
        // Build timings are noise in `npm start`, above the first admin's password.
        bundlerTimings: false,
      },
    },
  },
  server: {
    proxy: {
      '/graphql': 'http://127.0.0.1:8080',
      '/socket.io': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
})
