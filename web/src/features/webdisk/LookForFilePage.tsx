/** LookForFilePage: being built (search-agents-tools). */
export default function LookForFilePage({ title }: { title?: string }) {
  return <div style={{ padding: 24 }}>{title}</div>;
}
