import { defineConfig } from 'vite'

// The hub serves the built bundle under /dist/ (ARCHITECTURE.md section 1).
export default defineConfig({
  base: '/dist/',
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    proxy: {
      '/graphql': 'http://127.0.0.1:8080',
      '/socket.io': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
})
