import type { Config } from '@react-router/dev/config';

// Pages are rendered by our server (src/platform/render), not at build time: at start,
// whenever organisers publish content, and for previews. The build makes the browser
// assets (build/client) and the server bundle the renderer imports (build/server).
export default {
  appDirectory: 'src',
  buildDirectory: 'build',
  ssr: true,
  // The whole (small) route manifest goes with every page, so no /__manifest requests.
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
