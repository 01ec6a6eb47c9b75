import type { ComponentType } from 'react';
import type { CatalogDocumentName } from '@wanxiang/contract';
import type { FormEditorProps } from './editor-props';
import { isGroupsContent } from './groups-form';
import { GroupsEditor } from './GroupsEditor';
import { isMcpContent } from './mcp-form';
import { McpEditor } from './McpEditor';
import { isModelsContent } from './models-form';
import { ModelsEditor } from './ModelsEditor';
import { isPromosContent } from './promos-form';
import { PromosEditor } from './PromosEditor';
import { isShopContent } from './shop-form';
import { ShopEditor } from './ShopEditor';
import { isSidebarContent } from './sidebar-form';
import { SidebarEditor } from './SidebarEditor';
import { isSigninContent, signinProblem } from './signin-form';
import { SigninEditor } from './SigninEditor';
import { isTiersContent } from './tiers-grid';
import { TiersGrid } from './TiersGrid';
import { isToolsContent } from './tools-form';
import { ToolsEditor } from './ToolsEditor';
import { isWebdiskContent } from './webdisk-form';
import { WebdiskEditor } from './WebdiskEditor';

/** A document's form editor and the test of the content shape it edits (other content opens in 高级 only). */
export interface FormEditor {
  accepts: (content: unknown) => boolean;
  Editor: ComponentType<FormEditorProps<unknown>>;
  /**
   * The form's own check of the whole content, for a form edited inline (no drawer to refuse an entry): the first
   * problem in Chinese, or null. While it fails the page keeps 保存 off; the editor shows the message itself.
   */
  check?: (content: unknown) => string | null;
}

const editor = <T>(accepts: (c: unknown) => c is T, Editor: ComponentType<FormEditorProps<T>>, check?: (content: T) => string | null): FormEditor => ({
  accepts,
  Editor: Editor as unknown as ComponentType<FormEditorProps<unknown>>,
  // Only called on content `accepts` took: the form tab holds nothing else.
  ...(check && { check: check as (content: unknown) => string | null }),
});

/** The documents with a form; the others are edited as JSON. */
export const FORM_EDITORS: Partial<Record<CatalogDocumentName, FormEditor>> = {
  models: editor(isModelsContent, ModelsEditor),
  groups: editor(isGroupsContent, GroupsEditor),
  tiers: editor(isTiersContent, TiersGrid),
  tools: editor(isToolsContent, ToolsEditor),
  shop: editor(isShopContent, ShopEditor),
  sidebar: editor(isSidebarContent, SidebarEditor),
  mcp: editor(isMcpContent, McpEditor),
  webdisk: editor(isWebdiskContent, WebdiskEditor),
  promos: editor(isPromosContent, PromosEditor),
  signin: editor(isSigninContent, SigninEditor, signinProblem),
};
