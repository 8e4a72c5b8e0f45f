import type { Config } from '@react-router/dev/config';
import { PRERENDER_PATHS } from './src/platform/paths';

// Static site: every public route is rendered to HTML at build time and hydrated in the
// browser. The Fastify server (server/) serves these files plus the JSON API.
export default {
  appDirectory: 'src',
  buildDirectory: 'build',
  ssr: false,
  prerender: PRERENDER_PATHS,
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
