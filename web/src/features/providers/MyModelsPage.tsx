/** MyModelsPage: being built (search-agents-tools). */
export default function MyModelsPage({ title }: { title?: string }) {
  return <div style={{ padding: 24 }}>{title}</div>;
}
