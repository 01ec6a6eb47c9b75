import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
// The user store registers the session headers with the request layer on import: load it first.
import './stores/user';
import './layouts/global.css';
import { App } from './App';
import { captureKeywords } from './stores/keywords';

dayjs.locale('zh-cn');
// Invite code and search keywords of the landing URL, kept for login, models and shop calls.
captureKeywords();

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
