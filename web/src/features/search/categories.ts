import type { SearchSourceType } from '@wanxiang/contract';

/**
 * Categories and sources of the unified page (2.3): academic (Google, arXiv), cloud-disk (its
 * channels), files and websites (their own pages, opened with the query). Intent detection's
 * source_type picks the category and the first source.
 */
export type Category = 'academic' | 'webdisk' | 'file' | 'website';

export interface CategoryDef {
  key: Category;
  sources: string[];
  quotaKey: string;
  /** The category's own page, opened with the query (no list here). */
  page?: string;
}

const ACADEMIC: CategoryDef = { key: 'academic', sources: ['google', 'arxiv'], quotaKey: 'resource_learning_search' };

export const CATEGORIES: CategoryDef[] = [
  ACADEMIC,
  { key: 'webdisk', sources: ['up1', 'up2', 'brother', 'aggregate'], quotaKey: 'resource_cloud' },
  { key: 'file', sources: [], quotaKey: 'resource_file', page: 'lookforfile' },
  { key: 'website', sources: [], quotaKey: 'resource_website', page: 'lookforweb' },
];

export function categoryOf(key: Category): CategoryDef {
  return CATEGORIES.find((c) => c.key === key) ?? ACADEMIC;
}

/** Where an intent sends the query; anything unknown is academic Google search (4.1). */
export function fromIntent(type: SearchSourceType | string | undefined): { category: Category; source: string } {
  switch (type) {
    case 'arxiv':
      return { category: 'academic', source: 'arxiv' };
    case 'webdisk':
      return { category: 'webdisk', source: 'up1' };
    case 'file':
      return { category: 'file', source: '' };
    case 'website':
      return { category: 'website', source: '' };
    default:
      return { category: 'academic', source: 'google' };
  }
}
