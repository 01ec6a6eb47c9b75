/** ArxivPage: being built (search-agents-tools). */
export default function ArxivPage({ title }: { title?: string }) {
  return <div style={{ padding: 24 }}>{title}</div>;
}
