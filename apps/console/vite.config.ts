import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const server = process.env.TIDEMARK_API ?? 'http://localhost:8080';

// Served by the Tidemark server under /console (client routes fall back to index.html there).
export default defineConfig({
  base: '/console/',
  plugins: [react()],
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    // antd is one large library shared by every page; pages themselves are split per route.
    chunkSizeWarningLimit: 1200,
  },
  server: {
    port: 5174,
    proxy: { '/console/api': { target: server, changeOrigin: true } },
  },
});
