/** FullMindMapPage: being built (search-agents-tools). */
export default function FullMindMapPage({ title }: { title?: string }) {
  return <div style={{ padding: 24 }}>{title}</div>;
}
