import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';
import { PATHS, withPageParam } from './platform/paths';

/** Route paths are relative to the (pathless) layouts. */
const at = (path: string) => path.slice(1);

// The route table (docs/PRODUCT.md, Pages); addresses come from platform/paths.ts. Public pages share the site chrome (public-layout);
// the admin area has its own layout and is code-split away from the public pages.
export default [
  layout('app/public-layout.route.tsx', [
    index('features/home/home.route.tsx'),
    route(at(PATHS.about), 'features/about/about.route.tsx'),
    route(at(withPageParam(PATHS.history)), 'features/history/history.route.tsx'),
    route(at(PATHS.zoline), 'features/zoline/zoline.route.tsx'),
    route(at(PATHS.contacts), 'features/contact/contacts.route.tsx'),
    route(at(PATHS.faq), 'features/faq/faq.route.tsx'),
    route(at(PATHS.organizers), 'features/organizers/organizers.route.tsx'),
    route(at(PATHS.becomeSponsor), 'features/sponsors/become-sponsor.route.tsx'),
    route(at(PATHS.registration), 'features/registration/registration.route.tsx'),
    route(at(PATHS.registrationSuccess), 'features/registration/registration-success.route.tsx'),
    route(at(PATHS.registrationWaiting), 'features/registration/registration-waiting.route.tsx'),
    route(at(PATHS.placeOffer), 'features/registration/place-offer.route.tsx'),
    route(at(PATHS.partner), 'features/shop/partner.route.tsx'),
    route(at(withPageParam(PATHS.partnerProducts)), 'features/shop/partner-products.route.tsx'),
    route(at(withPageParam(PATHS.partnerSpices)), 'features/shop/partner-spices.route.tsx'),
    route(at(PATHS.partnerCharcoal), 'features/shop/partner-charcoal.route.tsx'),
    route(at(PATHS.sponsorShowcase), 'features/sponsors/sponsor-showcase.route.tsx'),
    route(at(PATHS.order), 'features/shop/order.route.tsx'),
    route(at(PATHS.orderSuccess), 'features/shop/order-success.route.tsx'),
    route(at(PATHS.orderHistory), 'features/shop/order-history.route.tsx'),
    route(at(withPageParam(PATHS.recipes)), 'features/recipes/recipes.route.tsx'),
    route(at(PATHS.safety), 'features/safety/safety.route.tsx'),
    route(at(PATHS.privacy), 'features/privacy/privacy.route.tsx'),
    route(at(PATHS.myData), 'features/privacy/my-data.route.tsx'),
    route('*', 'platform/shell/not-found.route.tsx'),
  ]),
  layout('features/admin/admin-layout.route.tsx', [
    route(at(PATHS.adminSetup), 'features/admin/admin-setup.route.tsx'),
    route(at(PATHS.adminLogin), 'features/admin/admin-login.route.tsx'),
    route(at(PATHS.adminInvitation), 'features/admin/admin-invitation.route.tsx'),
    route(at(PATHS.admin), 'app/admin-dashboard.route.tsx'),
    route(at(PATHS.adminTeam), 'features/admin/admin-team.route.tsx'),
    route(at(PATHS.adminPrivacy), 'app/admin-privacy.route.tsx'),
    route(at(PATHS.adminContent), 'app/admin-content.route.tsx'),
    route(at(PATHS.adminContentType), 'app/admin-content-editor.route.tsx'),
    route(at(PATHS.adminNextYear), 'app/admin-next-year.route.tsx'),
    route(at(PATHS.adminCheckIn), 'features/check-in/check-in.route.tsx'),
    route(at(PATHS.adminMessages), 'app/admin-messages.route.tsx'),
    route(at(PATHS.adminFood), 'app/admin-food.route.tsx'),
    route(at(PATHS.adminRota), 'app/admin-rota.route.tsx'),
  ]),
] satisfies RouteConfig;
