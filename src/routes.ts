import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

// The route table of SPEC.md section 2. Public pages share the site chrome (public-layout);
// the admin area has its own layout and is code-split away from the public pages.
export default [
  layout('routes/public-layout.tsx', [
    index('routes/home.tsx'),
    route('apie-rengini', 'routes/about.tsx'),
    route('istorija', 'routes/history.tsx'),
    route('zoline', 'routes/zoline.tsx'),
    route('kontaktai', 'routes/contacts.tsx'),
    route('duk', 'routes/faq.tsx'),
    route('organizatoriai', 'routes/organizers.tsx'),
    route('tapti-remeju', 'routes/become-sponsor.tsx'),
    route('registracija', 'routes/registration.tsx'),
    route('registracija-sekminga', 'routes/registration-success.tsx'),
    route('sponsor/reduk', 'routes/partner.tsx'),
    route('sponsor/reduk/produktai', 'routes/partner-products.tsx'),
    route('sponsor/reduk/prieskoniai', 'routes/partner-spices.tsx'),
    route('sponsor/reduk/anglys', 'routes/partner-charcoal.tsx'),
    route('sponsor/:id', 'routes/sponsor-showcase.tsx'),
    route('order-success', 'routes/order-success.tsx'),
    route('order-history', 'routes/order-history.tsx'),
    route('maistas', 'routes/recipes.tsx'),
    route('saugumo-taisykles', 'routes/safety.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
  layout('routes/admin-layout.tsx', [
    route('admin/setup', 'routes/admin-setup.tsx'),
    route('admin/login', 'routes/admin-login.tsx'),
    route('admin', 'routes/admin-dashboard.tsx'),
  ]),
] satisfies RouteConfig;
