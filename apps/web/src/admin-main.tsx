import { consoleRouting } from './app/console-router.tsx';
import { startSite } from './app/start-site.tsx';
import 'virtual:antd-style/Shared.css';
import './styles.css';

// The operator console's script (admin.html, built by `vite build --mode admin`; docs/CONSOLE.md). No page of
// the site or of the guest link imports it (build/console-apart-plugin.ts stops their builds if one does).
startSite(consoleRouting);
