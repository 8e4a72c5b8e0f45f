import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { imagetools } from 'vite-imagetools';

export default defineConfig({
  // imagetools: content/photos/* imports with ?w=…&as=img become responsive WebP at build time.
  plugins: [tailwindcss(), imagetools(), reactRouter()],
  resolve: { tsconfigPaths: true },
  // `SOURCEMAP=1 npm run build` for bundle analysis (which package costs what).
  build: { sourcemap: !!process.env.SOURCEMAP },
  server: { proxy: { '/api': 'http://localhost:3000', '/pay': 'http://localhost:3000' } },
  // Browser chunks: without groups, every icon and small component shared by two routes
  // became its own file (47 requests for the home page, each with ~900 bytes of headers).
  // 'framework' is what every page runs; 'ui' is the shell and the parts routes share.
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  test: (id) =>
                    /node_modules[\\/](react|react-dom|scheduler|react-router|cookie-es)[\\/]/.test(id),
                  priority: 30,
                },
                {
                  name: 'ui',
                  // Not the dialogs' parts (DialogCloseButton): a group takes its modules'
                  // dependencies with it, and this one brought Radix Dialog (focus scope,
                  // scroll lock: 11 KB gzip) into every page's first load. Dialogs load on intent.
                  // Nor what only the 404, order, self-service and admin pages use (the 404
                  // page, the confirm panel, the admin area's language packs): measured 0.6 KB
                  // gzip off every other page's first load.
                  // With it, the small parts most content pages share (page texts, photo lists,
                  // the API helper, "Add to calendar"): one file instead of five on `/`, 1.0 KB
                  // gzip less there (issue 34); the five pages without them (waiting list, place
                  // offer, order and self-service pages) load up to 0.8 KB more for it.
                  test: (id) =>
                    /[\\/]src[\\/]platform[\\/]((ui|shell|i18n)[\\/]|media[\\/]photos|site\.|paths\.|content[\\/](PageTexts|text-tree|photo-list)\.|http[\\/]api\.|event[\\/](AddToCalendar|calendar-api)\.)|node_modules[\\/](lucide-react|clsx|tailwind-merge)[\\/]/.test(
                      id,
                    ) && !/(Dialog[^\\/]*|NotFoundPage\.tsx|ConfirmPanel\.tsx|admin-packs\.ts)$/.test(id),
                  tags: ['$initial'],
                  minShareCount: 2,
                  priority: 20,
                },
              ],
            },
          },
        },
      },
    },
  },
});
