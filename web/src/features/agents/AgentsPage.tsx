/** AgentsPage: being built (search-agents-tools). */
export default function AgentsPage({ title }: { title?: string }) {
  return <div style={{ padding: 24 }}>{title}</div>;
}
