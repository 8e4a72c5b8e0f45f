import { HomePage } from './HomePage';
import { loadRoutePacks } from '~/platform/i18n/i18n';

await loadRoutePacks('home', 'gallery');

export default HomePage;
