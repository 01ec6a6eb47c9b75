import { Button, Checkbox, DatePicker, Input, InputNumber, Radio, Select, Switch } from 'antd';
import dayjs from 'dayjs';
import { MSG, charCount, type ToolExample, type ToolField, type ToolSpec } from '@wanxiang/contract';
import { RecordOrUploadField } from '../media/RecordOrUploadField';
import { VoiceField } from '../media/VoiceField';
import { FileField } from './FileField';
import { MaskField, type MaskFlush } from './fields/MaskField';
import { SizeField, StyleField } from './fields/StyleField';
import fieldStyles from './fields/fields.module.css';
import { type FormErrors, type FormValue, type FormValues } from './form-values';
import { hiddenUploadFields } from './upload-run';
import styles from './tools.module.css';

export interface ToolFormProps {
  tool: ToolSpec;
  values: FormValues;
  errors: FormErrors;
  onChange: (name: string, value: FormValue) => void;
  onExample: (example: ToolExample) => void;
  onSubmit: () => void;
  busy: boolean;
  /** Upload state of file fields reported up, so the submit waits for them. */
  onUploading?: (name: string, uploading: boolean) => void;
  /** The model switch (prompt tools with modelSwitch), rendered above the submit button. */
  extra?: React.ReactNode;
  submitText?: string;
  /** The operator switched the tool off: the form shows, its submit does not run. */
  disabled?: boolean;
  /** Mask fields hand the page their export-and-upload, which it runs on submit. */
  registerFlush?: (name: string, flush: MaskFlush | null) => void;
}

/**
 * A tool's form, drawn from its fields as data (text, textarea, select, radio, number, switch, date,
 * file, image; for the image tools mask, style, size and consent from web/src/tools/fields/).
 */
export function ToolForm({ tool, values, errors, onChange, onExample, onSubmit, busy, onUploading, extra, submitText, disabled, registerFlush }: ToolFormProps) {
  const hidden = hiddenUploadFields(tool.fields, values);
  return (
    <form
      className={styles.form}
      data-testid="tool-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!disabled) onSubmit();
      }}
    >
      {tool.fields.map((f) => (
        <div key={f.name} className={styles.field} data-field={f.name} style={hidden.has(f.name) ? { display: 'none' } : undefined}>
          {/* A consent line is its checkbox's own label. */}
          {f.type !== 'consent' && (
            <label className={styles.label} htmlFor={`tool-field-${f.name}`} id={`tool-label-${f.name}`}>
              {f.required && f.type !== 'switch' && (
                <span className={styles.required} aria-hidden>
                  *
                </span>
              )}
              {f.label}
            </label>
          )}
          <FieldInput
            field={f}
            value={values[f.name]}
            invalid={Boolean(errors[f.name])}
            onChange={(v) => onChange(f.name, v)}
            onUploading={onUploading}
            image={f.of ? { id: String(values[f.of] ?? ''), label: tool.fields.find((o) => o.name === f.of)?.label ?? '' } : undefined}
            registerFlush={registerFlush}
          />
          {errors[f.name] ? (
            <div className={styles.error} role="alert">
              {errors[f.name]}
            </div>
          ) : (
            f.help && <div className={styles.help}>{f.help}</div>
          )}
        </div>
      ))}
      {tool.examples && tool.examples.length > 0 && (
        <div className={styles.examples} data-testid="tool-examples">
          <span className={styles.examplesLabel}>{MSG.toolFormExamples}</span>
          {tool.examples.map((ex) => (
            <button type="button" key={ex.label} className={styles.chip} onClick={() => onExample(ex)} disabled={busy}>
              {ex.label}
            </button>
          ))}
        </div>
      )}
      {extra}
      <Button type="primary" htmlType="submit" size="large" block loading={busy} disabled={disabled} data-testid="tool-submit">
        {busy ? MSG.toolFormGenerating : (submitText ?? MSG.toolFormSubmit)}
      </Button>
    </form>
  );
}

interface FieldInputProps {
  field: ToolField;
  value: FormValue | undefined;
  invalid: boolean;
  onChange: (value: FormValue) => void;
  onUploading?: (name: string, uploading: boolean) => void;
  /** mask: the picture of the image field it is painted over. */
  image?: { id: string; label: string };
  registerFlush?: (name: string, flush: MaskFlush | null) => void;
}

function FieldInput({ field: f, value, invalid, onChange, onUploading, image, registerFlush }: FieldInputProps) {
  const id = `tool-field-${f.name}`;
  const status = invalid ? 'error' : undefined;
  // The counter shows the max and turns red past it; typing is not cut off (the check says why).
  const count = f.max ? { show: true, max: f.max, strategy: charCount } : undefined;
  switch (f.type) {
    case 'textarea':
      return (
        <Input.TextArea
          id={id}
          value={String(value ?? '')}
          placeholder={f.placeholder}
          autoSize={{ minRows: 4, maxRows: 12 }}
          count={count}
          status={status}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'select':
      return (
        <Select
          id={id}
          value={value === '' || value === undefined ? undefined : String(value)}
          placeholder={f.placeholder ?? MSG.toolFormSelect}
          options={f.options?.map((o) => ({ value: o.value, label: o.label }))}
          status={status}
          onChange={(v: string) => onChange(v)}
          style={{ width: '100%' }}
        />
      );
    case 'radio':
      return (
        <Radio.Group id={id} value={String(value ?? '')} onChange={(e) => onChange(String(e.target.value))} optionType="button" buttonStyle="solid">
          {f.options?.map((o) => (
            <Radio.Button key={o.value} value={o.value}>
              {o.label}
            </Radio.Button>
          ))}
        </Radio.Group>
      );
    case 'number':
      return (
        <InputNumber
          id={id}
          value={value === '' || value === undefined ? null : Number(value)}
          min={f.min}
          max={f.max}
          placeholder={f.placeholder}
          status={status}
          onChange={(v) => onChange(v ?? '')}
          style={{ width: '100%' }}
        />
      );
    case 'switch':
      return <Switch id={id} checked={Boolean(value)} onChange={(v) => onChange(v)} />;
    case 'date':
      return (
        <DatePicker
          id={id}
          value={value ? dayjs(String(value)) : null}
          placeholder={f.placeholder}
          status={status}
          onChange={(d) => onChange(d ? d.format('YYYY-MM-DD') : '')}
          style={{ width: '100%' }}
        />
      );
    case 'mask':
      return (
        <MaskField
          field={f}
          imageId={image?.id ?? ''}
          imageLabel={image?.label ?? ''}
          value={String(value ?? '')}
          onChange={onChange}
          registerFlush={registerFlush}
        />
      );
    case 'style':
      return <StyleField field={f} value={String(value ?? '')} onChange={onChange} labelledBy={`tool-label-${f.name}`} invalid={invalid} />;
    case 'size':
      return <SizeField field={f} value={String(value ?? '')} onChange={onChange} labelledBy={`tool-label-${f.name}`} invalid={invalid} />;
    case 'consent':
      return (
        <Checkbox
          id={id}
          className={fieldStyles.consent}
          checked={value === true}
          onChange={(e) => onChange(e.target.checked)}
          aria-required={f.required || undefined}
          aria-invalid={invalid || undefined}
          data-testid={`consent-${f.name}`}
        >
          {f.required && (
            <span className={styles.required} aria-hidden>
              *
            </span>
          )}
          {f.label}
        </Checkbox>
      );
    case 'voice':
      return <VoiceField field={f} value={String(value ?? '')} onChange={onChange} invalid={invalid} />;
    case 'file':
      if (f.record) return <RecordOrUploadField field={f} value={String(value ?? '')} onChange={onChange} onUploading={(u) => onUploading?.(f.name, u)} />;
      return <FileField field={f} value={String(value ?? '')} onChange={onChange} onUploading={(u) => onUploading?.(f.name, u)} />;
    case 'image':
      return <FileField field={f} value={String(value ?? '')} onChange={onChange} onUploading={(u) => onUploading?.(f.name, u)} />;
    default:
      return (
        <Input id={id} value={String(value ?? '')} placeholder={f.placeholder} count={count} status={status} onChange={(e) => onChange(e.target.value)} />
      );
  }
}
