/** Debian's Chromium, as the browser tests and the UI benchmark launch it (no browser downloads here). */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // The voice tools record in the browser: a fake microphone (a steady tone) that needs no permission prompt.
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
];
