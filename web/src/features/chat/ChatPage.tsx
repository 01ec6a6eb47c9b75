export default function ChatPage() {
  return <div className="chat-page" />;
}
