import { Alert, Button, Input, InputNumber, Select, Space, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { ADMIN_CATALOG_PAGE_MSG as C, ADMIN_CATALOG_SIGNIN_MSG as M } from '@wanxiang/contract';
import type { FormEditorProps } from './editor-props';
import {
  signinEntryNamed,
  signinProblem,
  withDayCount,
  withNewSigninBonus,
  withoutSigninBonus,
  withSigninBonus,
  withSigninDay,
  withSigninRules,
  type SigninBonusContent,
  type SigninContent,
  type SigninDayContent,
} from './signin-form';
import { useTiersInfo } from './useTiersInfo';
import styles from './catalog.module.css';

/**
 * 签到奖励 inline, as the file has it: the default reward text, the 7 days (gift text, points, counts per quota key),
 * the week bonus and the rules. The server's checks run as you type (a warning above the form, and 保存 stays off
 * until they pass: the check is registered with the editor in form-editors.ts); rows the server's refusal names (`days.<i>`, `weekBonus.<i>`) are marked. Fields the form does not show stay as loaded.
 */
export function SigninEditor({ value, loaded, onChange, problem }: FormEditorProps<SigninContent>) {
  const { quotaKeys } = useTiersInfo();
  const keyLabel = (key: string) => quotaKeys.find((q) => q.key === key)?.label ?? key;
  const check = signinProblem(value);
  const rowClass = (list: 'days' | 'weekBonus', index: number, was: unknown, now: unknown) =>
    signinEntryNamed(problem, list, index) ? (styles.errorRow ?? '') : JSON.stringify(was) !== JSON.stringify(now) ? (styles.changedRow ?? '') : '';
  const errorTag = (list: 'days' | 'weekBonus', index: number) => signinEntryNamed(problem, list, index) && <Tag color="red">{C.errorTag}</Tag>;

  const dayColumns: TableColumnsType<SigninDayContent> = [
    {
      title: M.signinDay,
      key: 'day',
      width: 90,
      render: (_, _d, i) => (
        <span>
          {M.signinDayN(i + 1)} {errorTag('days', i)}
        </span>
      ),
    },
    {
      title: M.signinGift,
      key: 'gift',
      width: 240,
      render: (_, d, i) => (
        <Input
          size="small"
          value={d.gift ?? ''}
          placeholder={value.defaultReward}
          aria-label={`${M.signinDayN(i + 1)} ${M.signinGift}`}
          onChange={(e) => onChange(withSigninDay(value, i, { gift: e.target.value }))}
        />
      ),
    },
    {
      title: M.signinPoints,
      key: 'points',
      width: 110,
      render: (_, d, i) => (
        <InputNumber
          className={styles.cellInput}
          size="small"
          min={0}
          max={1000000}
          precision={0}
          value={d.points}
          aria-label={`${M.signinDayN(i + 1)} ${M.signinPoints}`}
          onChange={(n) => typeof n === 'number' && onChange(withSigninDay(value, i, { points: n }))}
        />
      ),
    },
    {
      title: M.signinCounts,
      key: 'counts',
      render: (_, d, i) => {
        const unused = quotaKeys.filter((q) => !(q.key in d.counts));
        return (
          <Space wrap size={[8, 4]}>
            {Object.entries(d.counts).map(([key, n]) => (
              <Space.Compact key={key} size="small">
                <Button size="small" disabled title={key}>
                  {keyLabel(key)}
                </Button>
                <InputNumber
                  className={styles.cellInput}
                  size="small"
                  min={1}
                  max={100000}
                  precision={0}
                  value={n}
                  aria-label={M.signinCountLabel(i + 1, key)}
                  onChange={(v) => typeof v === 'number' && onChange(withDayCount(value, i, key, v))}
                />
                <Button size="small" onClick={() => onChange(withDayCount(value, i, key, null))} aria-label={`${M.signinRemove} ${M.signinDayN(i + 1)} ${key}`}>
                  ×
                </Button>
              </Space.Compact>
            ))}
            {unused.length > 0 && (
              <Select
                size="small"
                className={styles.kindSelect}
                placeholder={M.signinCountAdd}
                value={null}
                aria-label={`${M.signinDayN(i + 1)} ${M.signinCountAdd}`}
                options={unused.map((q) => ({ value: q.key, label: `${q.label}（${q.key}）` }))}
                onChange={(key: string) => onChange(withDayCount(value, i, key, 1))}
              />
            )}
          </Space>
        );
      },
    },
  ];

  const bonusColumns: TableColumnsType<SigninBonusContent> = [
    {
      title: M.signinBonusLabel,
      key: 'label',
      width: 260,
      render: (_, b, i) => (
        <Space size={4}>
          <Input size="small" value={b.label} aria-label={`${M.signinBonusTitle} ${i + 1} ${M.signinBonusLabel}`} onChange={(e) => onChange(withSigninBonus(value, i, { label: e.target.value }))} />
          {errorTag('weekBonus', i)}
        </Space>
      ),
    },
    {
      title: M.signinBonusPending,
      key: 'pending',
      width: 90,
      render: (_, b, i) => (
        <Switch
          size="small"
          checked={b.pending === true}
          title={M.signinBonusPendingHint}
          aria-label={`${M.signinBonusTitle} ${i + 1} ${M.signinBonusPending}`}
          onChange={(on) => onChange(withSigninBonus(value, i, { pending: on }))}
        />
      ),
    },
    {
      title: M.signinBonusKey,
      key: 'quotaKey',
      width: 240,
      render: (_, b, i) =>
        b.pending === true ? (
          '—'
        ) : (
          <Select
            size="small"
            className={styles.keySelect}
            value={b.quotaKey || null}
            aria-label={`${M.signinBonusTitle} ${i + 1} ${M.signinBonusKey}`}
            options={keyOptions(quotaKeys, b.quotaKey)}
            onChange={(key: string) => onChange(withSigninBonus(value, i, { quotaKey: key }))}
          />
        ),
    },
    {
      title: M.signinBonusAmount,
      key: 'amount',
      width: 110,
      render: (_, b, i) =>
        b.pending === true ? (
          '—'
        ) : (
          <InputNumber
            className={styles.cellInput}
            size="small"
            min={1}
            max={100000}
            precision={0}
            value={b.amount}
            aria-label={`${M.signinBonusTitle} ${i + 1} ${M.signinBonusAmount}`}
            onChange={(n) => typeof n === 'number' && onChange(withSigninBonus(value, i, { amount: n }))}
          />
        ),
    },
    {
      title: C.colAction,
      key: 'action',
      width: 80,
      render: (_, _b, i) => (
        <Button size="small" type="link" danger onClick={() => onChange(withoutSigninBonus(value, i))}>
          {C.deleteEntry}
        </Button>
      ),
    },
  ];

  return (
    <>
      <Typography.Paragraph type="secondary">{M.signinHint}</Typography.Paragraph>
      {check && <Alert className={styles.filters} type="warning" showIcon title={check} data-testid="signin-check" />}
      <Space className={styles.filters}>
        <span>{M.signinDefaultReward}</span>
        <Input aria-label={M.signinDefaultReward} value={value.defaultReward} onChange={(e) => onChange({ ...value, defaultReward: e.target.value })} />
      </Space>
      <Typography.Title level={5}>{M.signinDaysTitle}</Typography.Title>
      <Table
        rowKey={(d) => `${value.days.indexOf(d)}`}
        columns={dayColumns}
        dataSource={value.days}
        size="small"
        pagination={false}
        rowClassName={(d, i) => rowClass('days', i, loaded.days[i], d)}
        scroll={{ x: 760 }}
        data-testid="signin-days"
      />
      <Typography.Title level={5}>{M.signinBonusTitle}</Typography.Title>
      <Table
        rowKey={(b) => `${value.weekBonus.indexOf(b)}`}
        columns={bonusColumns}
        dataSource={value.weekBonus}
        size="small"
        pagination={false}
        rowClassName={(b, i) => rowClass('weekBonus', i, loaded.weekBonus[i], b)}
        scroll={{ x: 780 }}
        data-testid="signin-bonus"
      />
      <Button className={styles.toolbar} onClick={() => onChange(withNewSigninBonus(value, M.signinBonusNew))} data-testid="signin-bonus-add">
        {M.signinBonusAdd}
      </Button>
      <Typography.Title level={5}>{M.signinRulesTitle}</Typography.Title>
      <Space orientation="vertical" style={{ width: '100%' }} data-testid="signin-rules">
        {value.rules.map((r, i) => (
          <Space.Compact key={i} style={{ width: '100%' }}>
            <Input
              value={r}
              aria-label={M.signinRuleN(i + 1)}
              status={signinEntryNamed(problem, 'rules', i) ? 'error' : undefined}
              onChange={(e) => onChange(withSigninRules(value, value.rules.map((x, j) => (j === i ? e.target.value : x))))}
            />
            <Button danger onClick={() => onChange(withSigninRules(value, value.rules.filter((_, j) => j !== i)))}>
              {C.deleteEntry}
            </Button>
          </Space.Compact>
        ))}
        <Button onClick={() => onChange(withSigninRules(value, [...value.rules, '']))} data-testid="signin-rule-add">
          {M.signinRuleAdd}
        </Button>
      </Space>
    </>
  );
}

/** The tiers' quota keys as options, with the current key kept even when tiers does not list it (the server says why). */
function keyOptions(keys: { key: string; label: string }[], current: string | undefined) {
  const options = keys.map((q) => ({ value: q.key, label: `${q.label}（${q.key}）` }));
  return current && !keys.some((q) => q.key === current) ? [{ value: current, label: current }, ...options] : options;
}
