import PlaceholderPage from '../../features/misc/PlaceholderPage';

/** Stub laid down by the lead; its owner replaces it with the real page. */
export default function InvitePage({ title }: { title?: string }) {
  return <PlaceholderPage title={title} />;
}
