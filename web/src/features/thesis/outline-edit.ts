import { THESIS_CHAPTERS_MAX, THESIS_SECTIONS_MAX, type ThesisOutline } from '@wanxiang/contract';

/**
 * The edits the user makes to an outline (add, remove, rename, move chapters and sections), as
 * pure functions returning a new outline, so the editor stays a thin view and the rules (limits,
 * bounds) are tested here.
 */

export type OutlineEdit =
  | { kind: 'title'; text: string }
  | { kind: 'renameChapter'; chapter: number; text: string }
  | { kind: 'addChapter' }
  | { kind: 'removeChapter'; chapter: number }
  | { kind: 'moveChapter'; chapter: number; by: -1 | 1 }
  | { kind: 'renameSection'; chapter: number; section: number; text: string }
  | { kind: 'addSection'; chapter: number }
  | { kind: 'removeSection'; chapter: number; section: number }
  | { kind: 'moveSection'; chapter: number; section: number; by: -1 | 1 };

function move<T>(list: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list];
  const out = [...list];
  [out[from], out[to]] = [out[to]!, out[from]!];
  return out;
}

export function editOutline(outline: ThesisOutline, edit: OutlineEdit): ThesisOutline {
  const chapters = outline.chapters.map((c) => ({ ...c, sections: [...c.sections] }));
  const chapter = 'chapter' in edit ? chapters[edit.chapter] : undefined;
  switch (edit.kind) {
    case 'title':
      return { ...outline, title: edit.text };
    case 'addChapter':
      if (chapters.length >= THESIS_CHAPTERS_MAX) return outline;
      return { ...outline, chapters: [...chapters, { title: `第${chapters.length + 1}章 `, sections: [] }] };
    case 'removeChapter':
      return { ...outline, chapters: chapters.filter((_, i) => i !== edit.chapter) };
    case 'moveChapter':
      return { ...outline, chapters: move(chapters, edit.chapter, edit.by) };
    case 'renameChapter':
      if (chapter) chapter.title = edit.text;
      return { ...outline, chapters };
    case 'addSection':
      if (chapter && chapter.sections.length < THESIS_SECTIONS_MAX) chapter.sections.push('');
      return { ...outline, chapters };
    case 'removeSection':
      if (chapter) chapter.sections = chapter.sections.filter((_, i) => i !== edit.section);
      return { ...outline, chapters };
    case 'moveSection':
      if (chapter) chapter.sections = move(chapter.sections, edit.section, edit.by);
      return { ...outline, chapters };
    case 'renameSection':
      if (chapter && edit.section < chapter.sections.length) chapter.sections[edit.section] = edit.text;
      return { ...outline, chapters };
  }
}
