import { AboutPage } from './AboutPage';
import { loadRoutePacks } from '~/platform/i18n/i18n';

await loadRoutePacks('about', 'gallery');

export default AboutPage;
