import { useEffect, useRef, useState } from 'react';
import { Button, Input, Progress, Steps, Tag } from 'antd';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { MSG } from '@wanxiang/contract';
import { SlidePreview } from './SlidePreview';
import { TemplatePicker } from './TemplatePicker';
import type { PptFlow, PptSource } from './use-ppt-flow';
import styles from './slides.module.css';

/** Rows of the outline text area (2.8, 9). */
export const OUTLINE_ROWS = 8;

/**
 * The three steps of a presentation (2.8, 4.5): the outline streams into an editable text area,
 * a template is picked from preview images, then the deck is built, previewed and downloaded.
 * `source` is what the outline is made from (a chat reply, a topic, or an uploaded document by id); it starts on
 * mount and again whenever a new source value comes.
 */
export function PptWizard({ flow, source }: { flow: PptFlow; source: PptSource }) {
  const [step, setStep] = useState(0);
  const started = useRef<PptSource>('');

  useEffect(() => {
    if (!source || started.current === source) return;
    started.current = source;
    setStep(0);
    void flow.startOutline(source);
  }, [flow, source]);

  const next = () => {
    if (flow.checkOutline()) setStep(1);
  };
  const generate = async () => {
    if (!flow.checkOutline() || !flow.templateId) {
      // build() shows the right message (no content / wait / no template)
      await flow.build();
      return;
    }
    setStep(2);
    const ok = await flow.build();
    if (!ok) setStep(1);
  };

  return (
    <div className={styles.wizard} data-testid="ppt-wizard">
      <Steps
        className={styles.steps}
        current={step}
        size="small"
        items={[{ title: MSG.slidesStepOutline }, { title: MSG.slidesStepTemplate }, { title: MSG.slidesStepBuild }]}
      />
      {step === 0 && (
        <>
          <Input.TextArea
            rows={OUTLINE_ROWS}
            value={flow.outline}
            placeholder={flow.outlining ? MSG.slidesOutlineGenerating : ''}
            onChange={(e) => flow.setOutline(e.target.value)}
            aria-label={MSG.slidesStepOutline}
            data-testid="ppt-outline"
          />
          <div className={styles.hint}>
            {flow.demo && (
              <Tag color="orange" data-testid="ppt-outline-demo">
                {MSG.fileMapsDemo}
              </Tag>
            )}
            {flow.outlining ? MSG.slidesOutlineGenerating : MSG.slidesOutlineHint}
          </div>
          <div className={styles.actions}>
            <Button icon={<ReloadOutlined />} disabled={flow.outlining || !source} onClick={() => void flow.startOutline(source)}>
              {MSG.slidesRegenerate}
            </Button>
            <Button type="primary" loading={flow.outlining} onClick={next}>
              {MSG.slidesNext}
            </Button>
          </div>
        </>
      )}
      {step === 1 && (
        <>
          <TemplatePicker value={flow.templateId} onChange={flow.setTemplateId} />
          <div className={styles.actions}>
            <Button onClick={() => setStep(0)}>{MSG.slidesPrev}</Button>
            <Button type="primary" onClick={() => void generate()}>
              {MSG.slidesGenerate}
            </Button>
          </div>
        </>
      )}
      {step === 2 && (
        <>
          {flow.phase === 'building' && (
            <div className={styles.build}>
              <Progress type="circle" percent={flow.progress} />
              <span data-testid="ppt-build-stage">{flow.stage || MSG.slidesBuilding}</span>
            </div>
          )}
          {flow.phase === 'done' && flow.preview && (
            <>
              <div className={styles.hint}>
                {MSG.slidesPreviewTitle} · {flow.preview.title} · {MSG.slidesSlideCount(flow.preview.slides.length)}
              </div>
              <SlidePreview preview={flow.preview} />
            </>
          )}
          <div className={styles.actions}>
            <Button disabled={flow.phase === 'building'} onClick={() => setStep(1)}>
              {MSG.slidesPrev}
            </Button>
            <Button type="primary" icon={<DownloadOutlined />} disabled={flow.phase === 'building'} onClick={() => void flow.download()}>
              {MSG.slidesDownload}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
