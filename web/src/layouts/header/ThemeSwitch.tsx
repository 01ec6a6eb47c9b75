import { Segmented } from 'antd';
import { BgColorsOutlined } from '@ant-design/icons';
import { COMFORT_MSG as T } from '@wanxiang/contract';
import { useThemeStore, type ThemePreference } from '../../stores/theme';
import styles from '../shell.module.css';

const OPTIONS: { label: string; value: ThemePreference }[] = [
  { label: T.themeSystem, value: 'system' },
  { label: T.themeLight, value: 'light' },
  { label: T.themeDark, value: 'dark' },
];

/** 外观: 跟随系统 / 浅色 / 深色, remembered in this browser (stores/theme.ts). */
export function ThemeSwitch() {
  const preference = useThemeStore((s) => s.preference);
  const setPreference = useThemeStore((s) => s.setPreference);
  return (
    <div className={styles.popoverTheme} data-testid="theme-switch">
      <span>
        <BgColorsOutlined /> {T.themeLabel}
      </span>
      <Segmented<ThemePreference> size="small" value={preference} onChange={setPreference} options={OPTIONS} />
    </div>
  );
}
