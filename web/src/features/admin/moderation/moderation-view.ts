import type { ModImageStatus, ModPersonaStatus, ModReportStatus, ModUser, PersonaLine } from '@wanxiang/contract';

/** Which actions a row offers, by queue and status (pure, unit-tested): only the transitions the server accepts. */
export type ModAction = 'approve' | 'reject' | 'dismiss' | 'takedown' | 'confirm' | 'restore';

export function personaActions(status: ModPersonaStatus): ModAction[] {
  return status === 'pending' ? ['approve', 'reject'] : [];
}

export function modelReportActions(status: ModReportStatus): ModAction[] {
  return status === 'open' ? ['dismiss', 'takedown'] : [];
}

export function chatReportActions(status: ModReportStatus): ModAction[] {
  return status === 'open' ? ['dismiss', 'confirm'] : [];
}

/** A picture hidden by reports may go either way; a listed one only down, a taken-down one only back. */
export function imageActions(status: ModImageStatus): ModAction[] {
  if (status === 'listed') return ['takedown'];
  if (status === 'hidden') return ['takedown', 'restore'];
  return ['restore'];
}

/** An author or reporter as one short text: nick, else phone, else the id; the id always follows. */
export function modUserLabel(u: ModUser): string {
  const name = u.nick || u.phone;
  return name ? `${name} #${u.id}` : `#${u.id}`;
}

/** A persona's dialogue as the reviewer reads it: `角色：内容` per line, each cut at `max` characters. */
export function dialogueLines(context: PersonaLine[], roleNames: Record<string, string>, max = 300): string[] {
  return context.map((l) => {
    const text = l.content.length > max ? `${l.content.slice(0, max)}…` : l.content;
    return `${roleNames[l.role] ?? l.role}：${text}`;
  });
}
