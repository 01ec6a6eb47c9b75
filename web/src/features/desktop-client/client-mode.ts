/**
 * Desktop-client mode (shell 2.6): on when the app was opened with source=bianjie_pc or
 * wanxiang_pc. Filled by the desktop-client area; other areas only ask `isDesktopClient()`.
 */
export function isDesktopClient(): boolean {
  return false;
}
