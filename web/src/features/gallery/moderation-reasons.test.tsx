import { cleanup, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { MSG, PERSONA_STATUS, type ImgCreation, type PersonaItem, type SharedModelCard } from '@wanxiang/contract';
import { installJsdomShims } from '../../components/testing/jsdom-shims';
import { PersonaCard } from '../personas/PersonaCard';
import { SharedModelCardView } from '../shared-models/SharedModelCardView';
import { CreationCard } from './CreationCard';

/**
 * What an author sees of moderation on their own things: the reason a review refused a persona, a picture taken off
 * 作品广场 (no link to the square it left), a model card taken off 模型广场. The server sends reasons to the author only;
 * the cards show them when present and nothing otherwise.
 */
afterEach(cleanup);
const noop = () => {};

function show(node: React.ReactNode) {
  installJsdomShims();
  render(<AntApp>{node}</AntApp>);
}

const persona = (over: Partial<PersonaItem>): PersonaItem => ({
  id: 1,
  title: '导游',
  description: '带你逛',
  avatar: '',
  emoji: '🧭',
  context: [{ role: 'system', content: '你是导游' }],
  status: PERSONA_STATUS.refused,
  mine: true,
  user: { avatar: '', account: 'me' },
  reviewReason: '含有不当内容',
  createdAt: '2026-11-27T01:00:00.000Z',
  ...over,
});

const creation = (over: Partial<ImgCreation>): ImgCreation => ({
  task_id: 't1',
  tool: 'text2image',
  toolTitle: '文生图',
  prompt: '一只猫',
  inputs: {},
  images: [],
  createdAt: '2026-11-27T01:00:00.000Z',
  publishedId: 1001,
  takedownReason: '侵犯他人肖像',
  reusePath: '/draw/text2image',
  ...over,
});

const card = (over: Partial<SharedModelCard>): SharedModelCard => ({
  id: 5,
  name: '我的模型',
  description: '',
  icon: '',
  api_url: 'https://1.2.3.4/v1',
  model_id: 'm-1',
  functions: ['llm'],
  likes: 0,
  comments: 0,
  adds: 0,
  liked: false,
  mine: true,
  author: 'me',
  created_at: '2026-11-27T01:00:00.000Z',
  ...over,
});

describe('moderation reasons on the author’s own things', () => {
  it('a refused persona of mine shows the review reason; a pending one does not', () => {
    show(<PersonaCard persona={persona({})} onView={noop} onStart={noop} />);
    expect(screen.getByTestId('persona-review-reason').textContent).toBe(MSG.personaRefusedReason('含有不当内容'));
    cleanup();
    show(<PersonaCard persona={persona({ status: PERSONA_STATUS.pending, reviewReason: '' })} onView={noop} onStart={noop} />);
    expect(screen.queryByTestId('persona-review-reason')).toBeNull();
  });

  it('a picture taken off the square is marked with its reason and offers no link to the square', () => {
    const actions = { onReuse: noop, onDelete: async () => {}, onPublished: noop, onViewOnSquare: noop };
    show(<CreationCard item={creation({})} actions={actions} />);
    expect(screen.getByTestId('creation-taken-down').textContent).toBe(MSG.imgTakenDown);
    expect(screen.getByTestId('creation-takedown-reason').textContent).toBe(MSG.imgTakedownReason('侵犯他人肖像'));
    expect(screen.queryByTestId('creation-view-square')).toBeNull();
    cleanup();
    show(<CreationCard item={creation({ takedownReason: null })} actions={actions} />);
    expect(screen.queryByTestId('creation-takedown-reason')).toBeNull();
    expect(screen.getByTestId('creation-view-square')).toBeTruthy();
  });

  it('a model card taken off 模型广场 shows its reason; a card without one shows nothing', () => {
    const actions = { onLike: noop, onComments: noop, onReport: noop, onAdd: noop, onEdit: noop, onDelete: noop };
    show(<SharedModelCardView card={card({ takedown_reason: '冒充官方服务' })} actions={actions} />);
    expect(screen.getByTestId('shared-model-taken-down').textContent).toBe(MSG.sharedModelTakenDown);
    expect(screen.getByTestId('shared-model-takedown-reason').textContent).toBe(MSG.sharedModelTakedownReason('冒充官方服务'));
    cleanup();
    show(<SharedModelCardView card={card({})} actions={actions} />);
    expect(screen.queryByTestId('shared-model-takedown-reason')).toBeNull();
  });
});
