/** ScholarPage: being built (search-agents-tools). */
export default function ScholarPage({ title }: { title?: string }) {
  return <div style={{ padding: 24 }}>{title}</div>;
}
