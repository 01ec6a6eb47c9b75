/** SharedModelsPage: being built (search-agents-tools). */
export default function SharedModelsPage({ title }: { title?: string }) {
  return <div style={{ padding: 24 }}>{title}</div>;
}
