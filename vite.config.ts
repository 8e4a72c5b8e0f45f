import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { imagetools } from 'vite-imagetools';

export default defineConfig({
  // imagetools: content/photos/* imports with ?w=…&as=img become responsive WebP at build time.
  plugins: [tailwindcss(), imagetools(), reactRouter()],
  resolve: { tsconfigPaths: true },
  server: { proxy: { '/api': 'http://localhost:3000', '/pay': 'http://localhost:3000' } },
});
