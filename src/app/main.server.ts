import { exitOnUnsupportedNode } from '~/platform/config/supported-node.server';

// The process entry. React chooses its build by NODE_ENV when it is first loaded, and unset
// means its development build: slower server renders and a heavier start. So the server runs
// React's production build unless NODE_ENV names another (as React Router's own server does),
// and the configuration still reads the environment as the operator set it (an unset NODE_ENV
// is not "production" for the payments check, config.server.ts). Everything else is loaded
// after this line, by the dynamic import.
exitOnUnsupportedNode();
const environment = { ...process.env };
process.env.NODE_ENV ??= 'production';
const { serve } = await import('./serve.server');
await serve(environment);

export {};
