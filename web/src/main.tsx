// Before anything that parses with zod (the stores parse saved state on import).
import './boot/no-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
// The user store registers the session headers with the request layer on import: load it first.
import './stores/user';
// Desktop-client mode, and the session parameters stripped from the address, before the router reads it.
import './features/desktop-client/boot-now';
import './boot/theme';
import './layouts/global.css';
import { App } from './App';
import { captureKeywords } from './stores/keywords';
import { registerServiceWorker } from './features/desktop-client/pwa';

dayjs.locale('zh-cn');
// Invite code and search keywords of the landing URL, kept for login, models and shop calls.
captureKeywords();
registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
