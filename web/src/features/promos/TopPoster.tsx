/** Top notice poster above the header (linking to /console/vip) and seasonal banners; filled by the promos area. */
export function TopPoster() {
  return null;
}
