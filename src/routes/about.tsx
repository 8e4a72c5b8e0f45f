import { AboutPage } from '~/features/about/AboutPage';
import { loadRoutePacks } from '~/i18n/i18n';

await loadRoutePacks('about', 'gallery');

export default AboutPage;
