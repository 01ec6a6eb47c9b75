import { bootDesktopClient } from './boot';

// Imported by main.tsx before the app (and so before the router reads the address): the session
// parameters must be gone from the URL the router starts with, or a /chat redirect carries them on.
bootDesktopClient();
