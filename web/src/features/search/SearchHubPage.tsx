/** SearchHubPage: being built (search-agents-tools). */
export default function SearchHubPage({ title }: { title?: string }) {
  return <div style={{ padding: 24 }}>{title}</div>;
}
