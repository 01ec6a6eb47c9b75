/** AgentCreatePage: being built (search-agents-tools). */
export default function AgentCreatePage({ title }: { title?: string }) {
  return <div style={{ padding: 24 }}>{title}</div>;
}
