/** AgentDetailPage: being built (search-agents-tools). */
export default function AgentDetailPage({ title }: { title?: string }) {
  return <div style={{ padding: 24 }}>{title}</div>;
}
