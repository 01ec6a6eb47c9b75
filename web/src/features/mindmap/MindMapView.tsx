import { useEffect, useRef, useState } from 'react';
import { App, Button, Modal, Space, Tooltip } from 'antd';
import { AimOutlined, DownloadOutlined, FileMarkdownOutlined, FullscreenOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { MSG } from '@wanxiang/contract';
import type { Markmap } from 'markmap-view';
import { loadMarkmap, toMarkmapTree } from './markmap-data';
import { saveBlob } from '../../api/save-file';
import { downloadMarkdown, fileNameOf, svgToPng, titleOf } from './export';
import styles from './mindmap.module.css';

/** Redraws at most this often while the outline streams in. */
const REDRAW_MS = 200;

interface CanvasProps {
  markdown: string;
  /** Called once the map exists (toolbar actions need it). */
  onReady?: (mm: Markmap, svg: SVGSVGElement) => void;
  className?: string;
  testId?: string;
}

/** The SVG markmap draws into; follows `markdown` (throttled) and fits after each redraw. */
function MindMapCanvas({ markdown, onReady, className, testId }: CanvasProps) {
  const svgRef = useRef<SVGSVGElement>(null);
  const mmRef = useRef<{ mm: Markmap; transform: (md: string) => ReturnType<typeof toMarkmapTree> } | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let cancelled = false;
    void loadMarkmap().then(({ transformer, Markmap: M }) => {
      if (cancelled || !svgRef.current) return;
      const mm = M.create(svgRef.current, { autoFit: false, duration: 200 });
      mmRef.current = { mm, transform: (md) => toMarkmapTree(transformer, md) };
      setReady(true);
      onReady?.(mm, svgRef.current);
    });
    return () => {
      cancelled = true;
      mmRef.current?.mm.destroy();
      mmRef.current = null;
    };
    // onReady is read once, when the map is created.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!ready || !mmRef.current) return;
    const timer = setTimeout(() => {
      const cur = mmRef.current;
      if (!cur || !markdown.trim()) return;
      void cur.mm.setData(cur.transform(markdown)).then(() => cur.mm.fit());
    }, REDRAW_MS);
    return () => clearTimeout(timer);
  }, [markdown, ready]);

  return <svg ref={svgRef} className={className ?? styles.svg} data-testid={testId ?? 'mindmap-svg'} />;
}

export interface MindMapViewProps {
  markdown: string;
  /** Busy while the outline streams: exports wait. */
  streaming?: boolean;
}

/** A drawn mind map with zoom in, zoom out, fit, an enlarge modal (下载图片) and a markdown download (2.8). */
export function MindMapView({ markdown, streaming = false }: MindMapViewProps) {
  const { message } = App.useApp();
  const mmRef = useRef<Markmap | null>(null);
  const bigRef = useRef<{ mm: Markmap; svg: SVGSVGElement } | null>(null);
  const [enlarged, setEnlarged] = useState(false);
  const [exporting, setExporting] = useState(false);
  const empty = !markdown.trim() || streaming;

  const saveMarkdown = () => {
    if (empty) return void message.warning(MSG.mindmapNoData);
    try {
      downloadMarkdown(markdown);
    } catch {
      void message.error(MSG.mindmapDownloadFailed);
    }
  };

  const saveImage = async () => {
    const big = bigRef.current;
    if (empty || !big) return void message.warning(MSG.mindmapNoData);
    setExporting(true);
    try {
      await big.mm.fit();
      saveBlob(await svgToPng(big.svg, 2, markdown), fileNameOf(titleOf(markdown), 'png'));
    } catch {
      void message.error(MSG.mindmapDownloadFailed);
    } finally {
      setExporting(false);
    }
  };

  const tool = (label: string, icon: React.ReactNode, onClick: () => void, id: string) => (
    <Tooltip title={label}>
      <Button size="small" icon={icon} aria-label={label} data-testid={id} onClick={onClick} />
    </Tooltip>
  );

  return (
    <div className={styles.view}>
      <Space size={4} className={styles.toolbar} wrap>
        {tool(MSG.mindmapZoomIn, <ZoomInOutlined />, () => void mmRef.current?.rescale(1.25), 'mindmap-zoom-in')}
        {tool(MSG.mindmapZoomOut, <ZoomOutOutlined />, () => void mmRef.current?.rescale(0.8), 'mindmap-zoom-out')}
        {tool(MSG.mindmapFit, <AimOutlined />, () => void mmRef.current?.fit(), 'mindmap-fit')}
        {tool(MSG.mindmapEnlarge, <FullscreenOutlined />, () => (empty ? void message.warning(MSG.mindmapNoData) : setEnlarged(true)), 'mindmap-enlarge')}
        {tool(MSG.mindmapDownloadMarkdown, <FileMarkdownOutlined />, saveMarkdown, 'mindmap-download-md')}
      </Space>
      <MindMapCanvas markdown={markdown} onReady={(mm) => (mmRef.current = mm)} />
      <Modal
        open={enlarged}
        title={MSG.mindmapTitle}
        width="90vw"
        centered
        destroyOnHidden
        onCancel={() => setEnlarged(false)}
        footer={
          <Button type="primary" icon={<DownloadOutlined />} loading={exporting} onClick={() => void saveImage()} data-testid="mindmap-download-png">
            {MSG.mindmapDownloadImage}
          </Button>
        }
      >
        <MindMapCanvas
          markdown={markdown}
          className={styles.bigSvg}
          testId="mindmap-big-svg"
          onReady={(mm, svg) => (bigRef.current = { mm, svg })}
        />
      </Modal>
    </div>
  );
}
