import { siteRouting } from './app/router.tsx';
import { startSite } from './app/start-site.tsx';
import { startElderlyMode } from './lib/elderly-mode.ts';
import 'virtual:antd-style/Shared.css';
import './styles.css';

// The site's script (index.html). The guest link's pages have their own: guest-main.tsx.
startElderlyMode();
startSite(siteRouting);
