/** WebdiskPage: being built (search-agents-tools). */
export default function WebdiskPage({ title }: { title?: string }) {
  return <div style={{ padding: 24 }}>{title}</div>;
}
