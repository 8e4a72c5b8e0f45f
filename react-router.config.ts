import type { Config } from '@react-router/dev/config';
import { PARAMETER_PAGES } from './src/platform/paths';

// Static site: every public route is rendered to HTML at build time and hydrated in the
// browser. The Fastify server (src/app) serves these files plus the JSON API. The pages are
// the route table's fixed routes plus the parameterised pages listed in src/platform/paths.ts.
export default {
  appDirectory: 'src',
  buildDirectory: 'build',
  ssr: false,
  prerender: ({ getStaticPaths }) => [...getStaticPaths(), ...PARAMETER_PAGES],
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
