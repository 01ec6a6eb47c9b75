import { Avatar } from 'antd';
import type { PersonaItem } from '@wanxiang/contract';

/** The persona's picture, else its emoji, else the first character of its title. */
export function PersonaAvatar({ persona, size = 40 }: { persona: Pick<PersonaItem, 'avatar' | 'emoji' | 'title'>; size?: number }) {
  if (persona.avatar) return <Avatar size={size} src={persona.avatar} alt={persona.title} />;
  return (
    <Avatar size={size} style={{ background: '#eef2ff', color: '#4f46e5', fontSize: size * 0.5 }}>
      {persona.emoji || Array.from(persona.title)[0] || '?'}
    </Avatar>
  );
}
