import { useEffect, useState } from 'react';
import { Select, Tag } from 'antd';
import { MSG, type ToolField } from '@wanxiang/contract';
import { useUserStore } from '../stores/user';
import { fetchVoices, type PickerVoice } from './voice-api';

interface VoiceFieldProps {
  field: ToolField;
  value: string;
  onChange: (voiceId: string) => void;
  invalid?: boolean;
}

/**
 * The voice picker of the voice tools: the server's voices (GET /api/v1/voice/voices), the user's
 * clones first under 我的声音. With nothing picked yet it shows the backend's default voice.
 */
export function VoiceField({ field, value, onChange, invalid }: VoiceFieldProps) {
  const userId = useUserStore((s) => s.user?.id ?? null);
  const [voices, setVoices] = useState<PickerVoice[] | null>(null);

  useEffect(() => {
    let live = true;
    fetchVoices()
      .then((list) => live && setVoices(list.voices))
      .catch(() => live && setVoices([]));
    return () => {
      live = false;
    };
  }, [userId]);

  // Nothing picked (or a link's voice this user doesn't have): the first preset, as the server would.
  useEffect(() => {
    if (!voices?.length) return;
    if (!value || !voices.some((v) => v.id === value)) {
      const preset = voices.find((v) => v.kind === 'preset') ?? voices[0]!;
      if (!value || !value.startsWith('clone:')) onChange(preset.id);
    }
  }, [voices, value, onChange]);

  const label = (v: PickerVoice) => (
    <span data-voice={v.id}>
      {v.name}
      {v.demo && (
        <Tag bordered={false} style={{ marginInlineStart: 6 }}>
          演示
        </Tag>
      )}
    </span>
  );
  const clones = (voices ?? []).filter((v) => v.kind === 'clone');
  const presets = (voices ?? []).filter((v) => v.kind === 'preset');
  const options = [
    ...(clones.length ? [{ label: MSG.voicePickerMine, options: clones.map((v) => ({ value: v.id, label: label(v) })) }] : []),
    { label: MSG.voicePickerPresets, options: presets.map((v) => ({ value: v.id, label: label(v) })) },
  ];
  return (
    <Select
      id={`tool-field-${field.name}`}
      data-testid={`voice-picker-${field.name}`}
      value={value || undefined}
      loading={voices === null}
      placeholder={voices === null ? MSG.voicePickerLoading : field.placeholder}
      options={options}
      status={invalid ? 'error' : undefined}
      onChange={(v: string) => onChange(v)}
      style={{ width: '100%' }}
    />
  );
}
