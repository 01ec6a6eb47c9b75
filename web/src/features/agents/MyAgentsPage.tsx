/** MyAgentsPage: being built (search-agents-tools). */
export default function MyAgentsPage({ title }: { title?: string }) {
  return <div style={{ padding: 24 }}>{title}</div>;
}
