/** SearchLandingPage: being built (search-agents-tools). */
export default function SearchLandingPage({ title }: { title?: string }) {
  return <div style={{ padding: 24 }}>{title}</div>;
}
