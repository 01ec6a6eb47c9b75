/** What the page hands a document's form editor: the content being edited, the content as loaded, and the server's last refusal. */
export interface FormEditorProps<T> {
  value: T;
  loaded: T;
  onChange: (next: T) => void;
  /** The server's check message of the last refused save (the editor marks the entry it names). */
  problem: string | null;
}
