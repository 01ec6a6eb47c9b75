/** LookForWebPage: being built (search-agents-tools). */
export default function LookForWebPage({ title }: { title?: string }) {
  return <div style={{ padding: 24 }}>{title}</div>;
}
