import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

// The route table of SPEC.md section 2. Public pages share the site chrome (public-layout);
// the admin area has its own layout and is code-split away from the public pages.
export default [
  layout('platform/shell/public-layout.route.tsx', [
    index('features/home/home.route.tsx'),
    route('apie-rengini', 'features/about/about.route.tsx'),
    route('istorija', 'features/history/history.route.tsx'),
    route('zoline', 'features/zoline/zoline.route.tsx'),
    route('kontaktai', 'features/contact/contacts.route.tsx'),
    route('duk', 'features/faq/faq.route.tsx'),
    route('organizatoriai', 'features/organizers/organizers.route.tsx'),
    route('tapti-remeju', 'features/sponsors/become-sponsor.route.tsx'),
    route('registracija', 'features/registration/registration.route.tsx'),
    route('registracija-sekminga', 'features/registration/registration-success.route.tsx'),
    route('sponsor/reduk', 'features/shop/partner.route.tsx'),
    route('sponsor/reduk/produktai', 'features/shop/partner-products.route.tsx'),
    route('sponsor/reduk/prieskoniai', 'features/shop/partner-spices.route.tsx'),
    route('sponsor/reduk/anglys', 'features/shop/partner-charcoal.route.tsx'),
    route('sponsor/:id', 'features/sponsors/sponsor-showcase.route.tsx'),
    route('order-success', 'features/shop/order-success.route.tsx'),
    route('order-history', 'features/shop/order-history.route.tsx'),
    route('maistas', 'features/recipes/recipes.route.tsx'),
    route('saugumo-taisykles', 'features/safety/safety.route.tsx'),
    route('*', 'platform/shell/not-found.route.tsx'),
  ]),
  layout('features/admin/admin-layout.route.tsx', [
    route('admin/setup', 'features/admin/admin-setup.route.tsx'),
    route('admin/login', 'features/admin/admin-login.route.tsx'),
    route('admin', 'app/admin-dashboard.route.tsx'),
  ]),
] satisfies RouteConfig;
