import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { ROUTES } from './index';

const paths = ROUTES.map((r) => r.path);

describe('route table (docs/product/shell-and-navigation.md §2)', () => {
  it('has unique ids and paths', () => {
    expect(new Set(ROUTES.map((r) => r.id)).size).toBe(ROUTES.length);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('marks exactly the spec login-required routes', () => {
    const required = ROUTES.filter((r) => r.verifToken)
      .map((r) => r.path)
      .sort();
    expect(required).toEqual(
      [
        '/console/user',
        '/console/vip',
        '/console/pointslog',
        '/console/pointsinsto',
        '/console/invite',
        '/console/invite/list',
        '/console/invite/cash',
        '/console/invite/order',
        '/moxing/myModel',
        '/moxing/trade',
        '/moxing/office',
        '/moxing/share',
        '/console/model/describe',
        '/WordOverview',
      ].sort(),
    );
  });

  it('builds every route: none opens the 功能开发中 placeholder (issue 15 built the last ones)', () => {
    expect(ROUTES.filter((r) => r.element === 'placeholder').map((r) => r.path)).toEqual([]);
  });

  it('gives every route both roles and a title', () => {
    for (const r of ROUTES) {
      expect(r.roles, r.path).toEqual(['user', 'admin']);
      expect(r.title, r.path).toBeTruthy();
    }
  });

  it.each([
    ['/chat', 'chat'],
    ['/msg', 'chat'],
    ['/', 'home'],
    ['/login', 'login'],
    ['/login/INV42', 'login'],
    ['/404', 'notFound'],
    ['/console', 'console'],
    ['/console/agreement/privacy', 'agreement'],
    ['/draw/faceswapByPhotography', 'taskTool'],
    ['/draw/matting', 'taskTool'],
    ['/draw', 'taskTool'],
    ['/picture', 'picture'],
    ['/video/emote/diy', 'taskTool'],
    ['/AICreateVideo', 'videoHub'],
    ['/AICreateVideo/AIVideoClearImag/index', 'taskTool'],
    ['/AiVideo/AIVideoBusei', 'taskTool'],
    ['/AIMusic/musicRecognize', 'taskTool'],
    ['/AiVioce/audiotalk', 'audioTalk'],
    ['/AiVioce/voicetalk', 'voiceTalk'],
    ['/AiVioce/voicethree', 'voiceRealtime'],
    ['/AiFile/mapping/docsCreateMarkmap', 'docMindMap'],
    ['/AiVioce/ppt/auidePptCreate', 'mediaPpt'],
    ['/doc/chineseTranslate', 'promptTool'],
    ['/AITranslate/translateArticle', 'promptTool'],
    ['/AITranslate/index', 'translator'],
    ['/AITranslate/translateRecord', 'translateRecord'],
    ['/AITranslate/translateImage', 'taskTool'],
    ['/aigc/articlePlagiarismChecking', 'aigc'],
    ['/newAiThesis/index', 'thesis'],
    ['/doc/articleCheck', 'articleCorrection'],
    ['/doc/dailyModel', 'promptTool'],
    ['/newAiPPt/download', 'ppt'],
    ['/aiGenerate/aiShortVideo', 'promptTool'],
    ['/AiWriter/AiWriterLntelligent', 'promptTool'],
    ['/aiGenerate/aiImgEffect', 'taskTool'],
    ['/deepseek', 'deepseek'],
    ['/result', 'result'],
    ['/customAgent/systemAgentDetail', 'agentDetail'],
    ['/AIApplyDetail', 'aiApplyDetail'],
    ['/aiDesign/aiResumeTwo', 'taskTool'],
    ['/aiChart/aicharthistory', 'chartHistory'],
    ['/aiSearch/searchBypage', 'searchHub'],
    ['/OverSearch', 'searchHub'],
    ['/FullMindPage', 'fullMindMap'],
    ['/helpfor/intriguing', 'help'],
    ['/function/study', 'functionHub'],
    ['/no/such/page', 'notFound'],
  ])('%s renders %s', (pathname, element) => {
    const match = matchRoutes(
      ROUTES.map((r) => ({ path: r.path, id: r.id })),
      pathname,
    );
    const matched = ROUTES.find((r) => r.id === match?.at(-1)?.route.id);
    expect(matched?.element).toBe(element);
  });
});
