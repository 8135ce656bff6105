import { guestRouting } from './app/guest-router.tsx';
import { startSite } from './app/start-site.tsx';
import { startElderlyMode } from './lib/elderly-mode.ts';
import 'virtual:antd-style/Shared.css';
import './styles.css';

// The guest payment link's script (guest.html, built by `vite build --mode guest`; docs/ARCHITECTURE.md).
startElderlyMode();
startSite(guestRouting);
