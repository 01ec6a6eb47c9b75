import type { DocFileInfo, DocOverview, DocSearchRes } from '@wanxiang/contract';
import { streamChat, type ChatStreamItem } from './chat-stream';
import { get, post } from './request';

/**
 * The document library's calls (docs/api.md "Document library"): upload (indexed as a task), list,
 * delete, the summary and outline made on open, and a question streamed with its passages.
 * Silent: the pages show refusals where they happened.
 */

export function uploadLibraryDoc(file: File, signal?: AbortSignal): Promise<DocFileInfo> {
  const form = new FormData();
  form.append('file', file, file.name);
  return post<DocFileInfo>('/v1/doc/uploadFile', form, { silent: true, signal });
}

export const listLibraryDocs = () => get<{ list: DocFileInfo[]; total: number }>('/v1/doc/fileList', undefined, { silent: true });

export const deleteLibraryDoc = (fileId: string) => post<null>('/v1/doc/fileDelete', { file_id: fileId }, { silent: true });

export const docOverview = (fileId: string) => post<DocOverview>('/v1/doc/overview', { file_id: fileId }, { silent: true });

export const searchLibraryDoc = (fileId: string, query: string) =>
  post<DocSearchRes>('/v1/doc/fileSearch', { file_id: fileId, query }, { silent: true });

export interface DocChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

/** POST /api/v1/doc/chat: the passages come first (a tool_result of type doc_passages), then the answer's text. */
export function streamDocChat(
  fileId: string,
  question: string,
  history: DocChatTurn[],
  signal?: AbortSignal,
): AsyncGenerator<ChatStreamItem, void, undefined> {
  return streamChat({
    model: '',
    path: '/v1/doc/chat',
    body: { file_id: fileId, question, history } as unknown as { prompt: string },
    signal,
  });
}
