/** PptPage: being built (search-agents-tools). */
export default function PptPage({ title }: { title?: string }) {
  return <div style={{ padding: 24 }}>{title}</div>;
}
