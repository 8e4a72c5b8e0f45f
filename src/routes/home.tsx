import { HomePage } from '~/features/home/HomePage';
import { loadRoutePacks } from '~/i18n/i18n';

await loadRoutePacks('home', 'gallery');

export default HomePage;
