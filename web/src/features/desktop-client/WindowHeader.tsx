/** Window header of the desktop client (close, minimise, maximise); renders nothing in a browser. Filled by the desktop-client area. */
export function WindowHeader() {
  return null;
}
